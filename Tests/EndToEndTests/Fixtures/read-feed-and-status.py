#!/usr/bin/env python3
"""Reads an archive's feed.xml with feedparser and its status.json with jsonschema, as a
feed reader and a dashboard's tooling would, for bbreport's tests.

    read-feed-and-status.py feed FEED.xml            prints {"bozo", "version", "title", "entries": [...]}
    read-feed-and-status.py status STATUS.json SCHEMA.json   prints "valid", or the first error and exits 1
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


if __name__ == "__main__":
    if sys.argv[1] == "feed":
        feed(sys.argv[2])
    else:
        status(sys.argv[2], sys.argv[3])
