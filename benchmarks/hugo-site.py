#!/usr/bin/env python3
"""Turns bbreport's --markdown pages into a Hugo site of the same day, week and month
pages (Markdown with front matter, a minimal layout), for the speed comparison.

usage: hugo-site.py ARCHIVE SITE
"""
import os
import sys

archive, site = sys.argv[1], sys.argv[2]
content = os.path.join(site, "content")
layouts = os.path.join(site, "layouts", "_default")
os.makedirs(content, exist_ok=True)
os.makedirs(layouts, exist_ok=True)
with open(os.path.join(site, "config.toml"), "w") as config:
    config.write('baseURL = "/"\ntitle = "bbreport benchmark"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n'
                 '[markup.goldmark.renderer]\nunsafe = false\n[markup.goldmark.extensions]\ntable = true\nstrikethrough = true\n'
                 'linkify = true\ntaskList = true\n')
layout = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>'
          '<body><main>{{ .Content }}</main></body></html>\n')
for name in ("single.html", "list.html"):
    with open(os.path.join(layouts, name), "w") as file:
        file.write(layout)

pages = 0
for folder, _, files in os.walk(archive):
    for name in files:
        if not name.endswith(".md"):
            continue
        relative = os.path.relpath(os.path.join(folder, name), archive)
        # index.md would make Hugo treat the folder as a leaf bundle and skip its pages.
        if name == "index.md":
            relative = os.path.join(os.path.dirname(relative), "_index.md")
        with open(os.path.join(folder, name), encoding="utf-8") as source:
            text = source.read()
        title = text.splitlines()[0].lstrip("# ").replace('"', "'") if text else relative
        target = os.path.join(content, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as out:
            out.write('---\ntitle: "%s"\n---\n\n%s' % (title, text))
        pages += 1
print(pages)
