#!/usr/bin/env python3
"""Probe ptxas for the PTX ISA version and the targets each instruction line needs.

The spec-db's facts for PTX ISA 9.1 to 9.5 come from ptxas where no spec text is at hand.
This script makes them reproducible: for every probe line it assembles a small kernel
holding that line

  1. at every `.version` ptxas lists (9.0 .. newest) on a target that takes all of them,
     to find the lowest version that assembles, and
  2. at that version (or the target's own floor, if higher) on every target ptxas lists,

and prints one row per line: the lowest version and the targets that accept it, folded into
the spec-db's requirement notation (`sm_120f` = sm_120a/f and later members of the sm_12x
family; `sm_100a` = that target only; `sm_90` = sm_90 and every later target).

Usage:
  spec-db/ptx/probe_ptxas.py                # the built-in probe list (PTX ISA 9.1-9.5 forms)
  spec-db/ptx/probe_ptxas.py FILE           # one probe line a row (`#` comments allowed)
  spec-db/ptx/probe_ptxas.py -e 'add.sat.s8x4 %r1, %r2, %r3;'
  spec-db/ptx/probe_ptxas.py --all-versions FILE   # lowest version from PTX 6.3 on, not 9.0

Registers available to probe lines: %r<N> (.b32), %rd<N> (.b64), %h<N> (.b16), %c<N> (.b8), %q<N>
(.b128, from PTX 8.3), %p<N> (.pred), %f<N> (.f32), %fd<N> (.f64); a `.shared .b64 bar`, a
`.global .b8 gbuf[1024]` symbol and a `.global .surfref surf`. ptxas: $PTXAS, else the nvidia wheel's cu13/bin/ptxas,
else ptxas on PATH.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

# The targets ptxas 13.5 lists with --list-arch, in every flavour it takes.
TARGETS = [
    "sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a",
    "sm_100", "sm_100a", "sm_100f", "sm_103", "sm_103a", "sm_103f",
    "sm_107", "sm_107a", "sm_107f", "sm_110", "sm_110a", "sm_110f",
    "sm_120", "sm_120a", "sm_120f", "sm_121", "sm_121a", "sm_121f",
]
VERSIONS = ["9.0", "9.1", "9.2", "9.3", "9.4", "9.5"]
# With --all-versions: every version this ptxas assembles, for forms older than PTX ISA 9.0.
ALL_VERSIONS = [
    "6.3", "6.4", "6.5", "7.0", "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8",
    "8.0", "8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "8.7", "8.8",
] + VERSIONS
# The PTX ISA version that introduced each target (ptxas 13.5: the lowest it assembles).
TARGET_FLOOR = {
    "sm_75": "6.3", "sm_80": "7.0", "sm_86": "7.1", "sm_87": "7.4", "sm_88": "9.0",
    "sm_89": "7.8", "sm_90": "7.8", "sm_90a": "8.0", "sm_100": "8.6", "sm_100a": "8.6",
    "sm_100f": "8.8", "sm_103": "8.8", "sm_103a": "8.8", "sm_103f": "8.8",
    "sm_107": "9.4", "sm_107a": "9.4", "sm_107f": "9.4", "sm_110": "9.0",
    "sm_110a": "9.0", "sm_110f": "9.0", "sm_120": "8.7", "sm_120a": "8.7",
    "sm_120f": "8.8", "sm_121": "8.8", "sm_121a": "8.8", "sm_121f": "8.8",
}

# Lines ptxas 13.5 assembles that the PTX ISA 9.0 data lacks (see the spec-db's
# `source = "ptxas 13.5 ..."` facts), with a few neighbours that must stay rejected
# (the last line: no spelling of tensormap.replace's .alloc_class tried assembles).
# Its lowest version column reads 9.0 for anything 9.0 or older (red.async's other
# operations assemble from 8.7, checked by hand).
BUILTIN_PROBES = """
add.s8x4 %r1, %r2, %r3;
add.u8x4 %r1, %r2, %r3;
add.sat.s8x4 %r1, %r2, %r3;
add.sat.u8x4 %r1, %r2, %r3;
add.sat.s16x2 %r1, %r2, %r3;
add.sat.u16x2 %r1, %r2, %r3;
sub.s8x4 %r1, %r2, %r3;
sub.u8x4 %r1, %r2, %r3;
sub.sat.s8x4 %r1, %r2, %r3;
sub.sat.u8x4 %r1, %r2, %r3;
sub.sat.s16x2 %r1, %r2, %r3;
sub.sat.u16x2 %r1, %r2, %r3;
sub.s16x2 %r1, %r2, %r3;
sub.u16x2 %r1, %r2, %r3;
min.s8x4 %r1, %r2, %r3;
min.u8x4 %r1, %r2, %r3;
max.s8x4 %r1, %r2, %r3;
max.u8x4 %r1, %r2, %r3;
min.relu.s8x4 %r1, %r2, %r3;
max.relu.s8x4 %r1, %r2, %r3;
sin.approx.2pi.ftz.f32 %f1, %f2;
cos.approx.2pi.ftz.f32 %f1, %f2;
sin.approx.2pi.f32 %f1, %f2;
prefetch.global.L1::32B.valid_addr [%rd1];
st.global.mmio.release.sys.b32 [%rd1], %r1;
ld.global.mmio.acquire.sys.b32 %r1, [%rd1];
fence.proxy.alias.acquire.sys;
fence.proxy.alias.release.sys;
fence.alias.sync_restrict::read.release.sys;
cp.async.bulk.wait_group.sync_restrict::proxy::async 0;
mbarrier.init.layout::cta.shared.b64 [bar], 1;
clmad.lo.u64 %rd1, %rd2, %rd3, %rd4;
clmad.hi.u64 %rd1, %rd2, %rd3, %rd4;
clmad.lo.b64 %rd1, %rd2, %rd3, %rd4;
multimem.st.async.release.sys.global.b8 [%rd1], %c1;
multimem.st.async.release.gpu.global.f64 [%rd1], %fd1;
multimem.st.async.release.cluster.global.u32 [%rd1], %r1;
multimem.st.async.relaxed.sys.global.u32 [%rd1], %r1;
multimem.red.async.release.sys.global.add.u64 [%rd1], %rd2;
multimem.red.async.release.sys.global.min.u32 [%rd1], %r1;
set.lt.s16x2 %r1, %r2, %r3;
set.hs.u8x4 %r1, %r2, %r3;
set.lt.and.s16x2 %r1, %r2, %r3, %p1;
tcgen05.ld.spcompress.sync.aligned.32x32b.x4.max.sp::2:4.abs.f32.b2 {%r1}, {%r2, %r3}, [%r4];
tcgen05.ld.red.spcompress.sync.aligned.32x32b.x4.min.sp::2:4.NaN.f32.b2 {%r1}, {%r2, %r3}, %f1, [%r4];
tcgen05.ld.spcompress.sync.aligned.32x32b.x4.max.sp::2:4.NaN.f32.b2 {%r1}, {%r2, %r3}, [%r4];
tcgen05.ld.spcompress.sync.aligned.32x32b.x2.max.sp::2:4.f32.b2 {%r1}, {%r2}, [%r4];
cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster::16b [%r1], [%rd1], 16, [bar], %h1;
cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster::32b [%r1], [%rd1], 16, [bar], %r2;
cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster::32b [%r1], [%rd1, {%r4, %r5}], [bar], %r3;
tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster::16b.b64 [%r1], %h1;
tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster::32b.b64 [%r1], %r3;
fabric.try_get.async.shared::cta.mbarrier::complete_tx::bytes.mbarrier::report::fabric.relaxed.sys.b128 [%r1], [%r2, %rd1], %r3, [bar];
fabric.try_get.async.shared::cta.mbarrier::complete_tx::bytes.mbarrier::report::fabric.relaxed.b128 [%r1], [%r2, %rd1], %r3, [bar];
fabric.try_put.async.multimem.shared::cta.mbarrier::complete_tx::16B.mbarrier::report::fabric.counted::bytes.b128 [%r1, %rd1, %rd2], [%r2], %r3, [bar];
fabric.try_put.async.shared::cta.mbarrier::complete_tx::16B.mbarrier::report::fabric.cp_mask.relaxed.sys.b128 [%r1, %rd1], [%r2], %r3, [bar], %h1;
fabric.try_red.async.shared::cta.mbarrier::complete_tx::16B.mbarrier::report::fabric.sys.add.f64 [%r1, %rd1], [%r2], %r3, [bar];
fabric.try_red.async.shared::cta.mbarrier::complete_tx::16B.mbarrier::report::fabric.sys.add.s32 [%r1, %rd1], [%r2], %r3, [bar];
fabric.try_pullred.async.multimem.shared::cta.mbarrier::complete_tx::bytes.mbarrier::report::fabric.relaxed.sys.min.s64.sync [%r2], [%r1, %rd1], %r3, [bar], 0xFFFFFFFF;
fabric.try_pullred.async.shared::cta.mbarrier::complete_tx::bytes.mbarrier::report::fabric.relaxed.sys.add.u32.sync [%r2], [%r1, %rd1], %r3, [bar], 0xFFFFFFFF;
red.async.release.sys.global.min.s32 [%rd1], %r1;
red.async.mmio.release.sys.global.inc.u32 [%rd1], %r1;
red.async.release.sys.global.min.s64 [%rd1], %rd2;
multimem.cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], 16;
multimem.cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r1], 16, %h1;
multimem.cp.reduce.async.bulk.global.shared::cta.bulk_group.add.noftz.bf16 [%rd1], [%r1], 16;
multimem.cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f16 [%rd1], [%r1], 16;
mbarrier.try_wait.parity.phase_type::conditional.shared::cta.b64 %p1, [bar], %r1;
mbarrier.try_wait.phase_type::conditional.shared::cta.b64 %p1, [bar], %rd1;
fabric.try_atom.async.shared::cta.mbarrier::complete_tx::16B.mbarrier::report::fabric.relaxed.sys.cas.b64 [%r1, %rd1], [%r2], %r3, [bar];
fabric.try_atom.async.shared::cta.mbarrier::complete_tx::16B.mbarrier::report::fabric.sys.add.u32 [%r1, %rd1], [%r2], %r3, [bar];
tensormap.replace.tile.global_address.alloc_class.global.b1024.b64 [%rd1], %rd2;
"""


def find_ptxas():
    env = os.environ.get("PTXAS")
    if env:
        return env
    try:
        import nvidia  # noqa: F401  (the pip wheel nvidia-cuda-nvcc)

        for d in nvidia.__path__:
            p = os.path.join(d, "cu13", "bin", "ptxas")
            if os.path.isfile(p):
                return p
    except ImportError:
        pass
    return shutil.which("ptxas")


def module(version, target, line):
    # `.b128` registers need PTX ISA 8.3 themselves.
    wide = "\t.reg .b128 %q<16>;\n" if vkey(version) >= (8, 3) else ""
    return f""".version {version}
.target {target}
.address_size 64
.global .align 16 .b8 gbuf[1024];
.global .surfref surf;
.visible .entry probe()
{{
\t.reg .b32 %r<16>;
\t.reg .b64 %rd<16>;
\t.reg .b16 %h<16>;
\t.reg .b8 %c<16>;
{wide}\t.reg .pred %p<16>;
\t.reg .f32 %f<16>;
\t.reg .f64 %fd<16>;
\t.shared .align 8 .b64 bar;
\t{line}
\tret;
}}
"""


class Prober:
    def __init__(self, ptxas, workdir):
        self.ptxas = ptxas
        self.workdir = workdir
        self.cache = {}

    def assembles(self, version, target, line):
        key = (version, target, line)
        if key not in self.cache:
            path = os.path.join(self.workdir, "probe.ptx")
            with open(path, "w") as f:
                f.write(module(version, target, line))
            run = subprocess.run(
                [self.ptxas, f"-arch={target}", path, "-o", os.devnull],
                capture_output=True,
                text=True,
            )
            self.cache[key] = (run.returncode == 0, run.stderr.strip())
        return self.cache[key]


def vkey(v):
    major, minor = v.split(".")
    return (int(major), int(minor))


def fold(accepted):
    """The accepted targets in the spec-db's notation: the fewest requirement alternatives
    whose meaning (plain = that and later; a = exactly; f = that family's a/f targets from
    that one on) covers exactly the accepted set."""
    number = lambda t: int(t[3:].rstrip("af"))
    suffix = lambda t: t[-1] if t[-1] in "af" else ""
    family = lambda t: number(t) // 10
    accepted = [t for t in TARGETS if t in accepted]
    if not accepted:
        return "none"
    plain = [t for t in accepted if suffix(t) == ""]
    if plain:
        lowest = min(plain, key=number)
        implied = {t for t in TARGETS if number(t) >= number(lowest)}
        if implied <= set(accepted):
            rest = [t for t in accepted if t not in implied]
            return " ".join([lowest] + [fold_specific(rest)] * bool(rest))
    return fold_specific(accepted)


def fold_specific(accepted):
    number = lambda t: int(t[3:].rstrip("af"))
    suffix = lambda t: t[-1] if t[-1] in "af" else ""
    family = lambda t: number(t) // 10
    left = set(accepted)
    out = []
    for t in [t for t in TARGETS if suffix(t) == "f"]:
        members = {
            u for u in TARGETS
            if suffix(u) in "af" and suffix(u) != "" and family(u) == family(t)
            and number(u) >= number(t)
        }
        if t in left and members <= set(accepted):
            out.append(t)
            left -= members
    out += [t for t in TARGETS if t in left]
    return " ".join(out)


def probe(prober, line, versions=VERSIONS):
    # The lowest version, on the newest target of each family (the most permissive).
    lowest = None
    for target in ["sm_121a", "sm_110a", "sm_107a", "sm_103a", "sm_100a", "sm_90a", "sm_120"]:
        for v in versions:
            if vkey(v) < vkey(TARGET_FLOOR[target]):
                continue
            if prober.assembles(v, target, line)[0]:
                if lowest is None or vkey(v) < vkey(lowest):
                    lowest = v
                break
    if lowest is None:
        _, why = prober.assembles(VERSIONS[-1], "sm_100a", line)
        return None, [], why.splitlines()[0] if why else ""
    accepted = []
    for target in TARGETS:
        v = max(lowest, TARGET_FLOOR[target], key=vkey)
        if prober.assembles(v, target, line)[0]:
            accepted.append(target)
    return lowest, accepted, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="probe lines, one a row")
    parser.add_argument("-e", action="append", default=[], help="one probe line")
    parser.add_argument(
        "--all-versions", action="store_true",
        help="find the lowest version from PTX ISA 6.3 on (default: from 9.0 on)")
    args = parser.parse_args()
    ptxas = find_ptxas()
    if not ptxas:
        sys.exit("ptxas not found (pip install nvidia-cuda-nvcc, or set PTXAS)")
    if args.e:
        lines = args.e
    elif args.file:
        with open(args.file) as f:
            lines = f.read().splitlines()
    else:
        lines = BUILTIN_PROBES.splitlines()
    lines = [l.strip() for l in lines if l.strip() and not l.strip().startswith("#")]
    version = subprocess.run([ptxas, "--version"], capture_output=True, text=True).stdout
    print("# " + version.strip().splitlines()[-1])
    print(f"# {'line':<60} {'ptx':<5} targets")
    with tempfile.TemporaryDirectory() as workdir:
        prober = Prober(ptxas, workdir)
        for line in lines:
            lowest, accepted, why = probe(
                prober, line, ALL_VERSIONS if args.all_versions else VERSIONS)
            if lowest is None:
                print(f"{line:<62} {'-':<5} rejected everywhere: {why}")
            else:
                print(f"{line:<62} {lowest:<5} {fold(accepted)}")


if __name__ == "__main__":
    main()
