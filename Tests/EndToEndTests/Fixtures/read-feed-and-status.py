#!/usr/bin/env python3
"""Reads an archive's feed.xml with feedparser and its status.json with jsonschema, as a
feed reader and a dashboard's tooling would, for bbreport's tests.

    read-feed-and-status.py feed FEED.xml            prints {"bozo", "version", "title", "entries": [...]}
    read-feed-and-status.py status STATUS.json SCHEMA.json   prints "valid", or the first error and exits 1
    read-feed-and-status.py dashboard NIGHTLY.md STATUS.json  prints {name: rendered} for every template
        of the Home Assistant examples under "## On a home dashboard", rendered with Jinja2 as
        Home Assistant renders a REST sensor's value_template (value_json is the file's JSON)
"""

import json
import sys


def feed(path):
    import feedparser
    parsed = feedparser.parse(path)
    print(json.dumps({
        "bozo": bool(parsed.bozo), "problem": str(parsed.get("bozo_exception", "")), "version": parsed.version,
        "title": parsed.feed.get("title"), "id": parsed.feed.get("id"),
        "entries": [{"id": e.get("id"), "title": e.get("title"), "link": e.get("link"), "updated": e.get("updated"),
                     "summary": e.get("summary")} for e in parsed.entries],
    }, ensure_ascii=False))


def status(path, schema_path):
    import jsonschema
    with open(schema_path, encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
    try:
        jsonschema.validate(document, schema, cls=jsonschema.Draft202012Validator, format_checker=jsonschema.FormatChecker())
    except jsonschema.ValidationError as error:
        print("invalid: %s at %s" % (error.message, "/".join(str(part) for part in error.absolute_path)))
        sys.exit(1)
    print("valid")


def dashboard(doc_path, status_path):
    import re
    import jinja2
    import yaml
    with open(doc_path, encoding="utf-8") as file:
        doc = file.read()
    section = doc.split("## On a home dashboard", 1)[1].split("\n## ", 1)[0]
    with open(status_path, encoding="utf-8") as file:
        value_json = json.load(file)
    environment = jinja2.Environment(undefined=jinja2.StrictUndefined)
    rendered = {}

    def walk(node):
        if isinstance(node, dict):
            if "value_template" in node:
                name = node.get("name", "?")
                while name in rendered:
                    name += " (again)"
                rendered[name] = environment.from_string(node["value_template"]).render(value_json=value_json).strip()
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for block in re.findall(r"```yaml\n(.*?)```", section, re.S):
        walk(yaml.safe_load(block))
    print(json.dumps(rendered, ensure_ascii=False))


if __name__ == "__main__":
    if sys.argv[1] == "feed":
        feed(sys.argv[2])
    elif sys.argv[1] == "dashboard":
        dashboard(sys.argv[2], sys.argv[3])
    else:
        status(sys.argv[2], sys.argv[3])
