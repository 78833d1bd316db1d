#!/usr/bin/env python3
"""Parse every `Examples` code block of the PTX ISA instruction sections (9-7-*.md).

Each block is tried as statements inside a function body and, failing that, as a
module. Usage: scripts/spec_examples.py [SPEC_DIR] [-v]
Needs `tree-sitter` on PATH; run from grammars/tree-sitter-ptx.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

args = [a for a in sys.argv[1:] if not a.startswith('-')]
verbose = '-v' in sys.argv
# Default: shared/spec-sources beside the checkout (or $SPECLINT_SPEC_SOURCES).
repo = os.path.abspath(os.path.join(os.path.dirname(__file__), '../../..'))
sources = os.environ.get('SPECLINT_SPEC_SOURCES', os.path.join(repo, '..', 'shared', 'spec-sources'))
spec = args[0] if args else os.path.join(sources, 'ptx-isa-9.0')
if not os.path.isdir(spec):
    sys.exit(f'{spec}: the PTX ISA sources are missing')

blocks = []
seen = set()
for f in sorted(glob.glob(os.path.join(spec, os.environ.get('SPEC_GLOB', '9-7-*.md')))):
    text = open(f).read()
    for sec in re.finditer(r'\nExamples?\s*\n(.*?)(?=\n#|\Z)', text, re.S):
        for m in re.finditer(r'```\n(.*?)```', sec.group(1), re.S):
            b = m.group(1)
            if b in seen:
                continue
            seen.add(b)
            blocks.append((os.path.basename(f), b))

tmp = tempfile.mkdtemp(prefix='ptx-spec-ex-')


def write(i, mode, body):
    p = os.path.join(tmp, f'{i:04d}_{mode}.ptx')
    with open(p, 'w') as fh:
        fh.write(body)
    return p


def failures(paths):
    lst = os.path.join(tmp, 'list.txt')
    with open(lst, 'w') as fh:
        fh.write('\n'.join(paths))
    out = subprocess.run(['tree-sitter', 'parse', '-p', '.', '-q', '--paths', lst],
                         capture_output=True, text=True).stdout
    return {line.split()[0]: line for line in out.splitlines() if line.strip()}


body_paths = []
for i, (_, b) in enumerate(blocks):
    lines = [l for l in b.split('\n') if l.strip() not in ('...', '. . .', '…', '..', '....')]
    body_paths.append(write(i, 'body', '.entry __example()\n{\n' + '\n'.join(lines) + '\n}\n'))
bad = failures(body_paths)
retry = []
for i, (_, b) in enumerate(blocks):
    if body_paths[i] in bad:
        lines = [l for l in b.split('\n') if l.strip() not in ('...', '. . .', '…', '..', '....')]
        # pseudo bodies such as `{ ... }` / `{ . . . }`
        text = re.sub(r'\.\s?\.\s?\.', '', '\n'.join(lines))
        retry.append(write(i, 'module', text + '\n'))
bad2 = failures(retry)
failed = [i for i in range(len(blocks)) if body_paths[i] in bad and os.path.join(tmp, f'{i:04d}_module.ptx') in bad2]
print(f'spec example blocks: {len(blocks)}; parsed: {len(blocks) - len(failed)}; failed: {len(failed)}')
if verbose:
    for i in failed:
        print(f'--- {blocks[i][0]}: {bad[body_paths[i]].split(None, 1)[1]}  ({body_paths[i]})')
