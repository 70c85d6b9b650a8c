#!/usr/bin/env python3
"""check-doc-links.py [ROOT]: the pages README.md and docs/*.md point only at what exists.

Every relative Markdown link leads to a file or folder (resolved from the page's own folder,
without its #anchor; http:, https:, mailto: and bare #anchors are not followed), and every
repository path a page names in backticks (`scripts/x.sh`, `tests/data/logs/y.log`) exists. A
backticked path is one that starts with a top-level source folder and holds no pattern or
placeholder (* < > { } [ ] $ | ..). Lines inside ``` fences are skipped: they show output and
commands, not the tree. Prints PAGE:LINE: what is missing, one line each; exit 1 if any, 0 if none,
2 if ROOT holds no README.md or docs/.
"""
import os
import re
import sys

LINK = re.compile(r"\]\(([^) ]+)\)")
PATH = re.compile(r"`((?:bench|cmake|docs|scripts|src|tests|third_party|windows|\.ci)/[^` ]*)`")
PLACEHOLDER = re.compile(r"[*<>{}\[\]$|]|\.\.")


def problems(root, page):
    folder = os.path.dirname(page)
    fenced = False
    with open(page, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            if fenced:
                continue
            for target in LINK.findall(line):
                if target.startswith(("http:", "https:", "mailto:", "#")):
                    continue
                if not os.path.exists(os.path.join(folder, target.split("#", 1)[0])):
                    yield f"{n}: link to '{target}': no such file"
            for path in PATH.findall(line):
                if not PLACEHOLDER.search(path) and not os.path.exists(os.path.join(root, path)):
                    yield f"{n}: path '{path}': no such file"


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    docs = os.path.join(root, "docs")
    if not os.path.isfile(os.path.join(root, "README.md")) or not os.path.isdir(docs):
        print(f"check-doc-links: no README.md or docs/ under {root}", file=sys.stderr)
        return 2
    pages = ["README.md"] + sorted("docs/" + p for p in os.listdir(docs) if p.endswith(".md"))
    bad = 0
    for page in pages:
        for problem in problems(root, os.path.join(root, page)):
            print(f"{page}:{problem}", file=sys.stderr)
            bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
