#!/usr/bin/env python3
"""Repair evaluation on the second corpus: Topology Zoo graphs (bench/zoo/*.gml) made into
mixed-vendor multi-AS networks (zoo_network.py, zoo_render.py) with seeded errors
(zoo_errors.py), several per snapshot.

Per snapshot: `routefix verify` on the clean snapshot must pass (else its cases are counted
invalid: a generator bug), then on the broken one, `routefix diagnose`, `routefix repair --out`
and `routefix verify` of the patched snapshot. Per injected error:
  detected    an intent the error breaks by construction fails in verify of the broken snapshot
  repaired    repair wrote a patch and an independent verify of the patched snapshot passes
              every intent (the snapshot's errors are repaired together or not at all)
  diag-hit    a diagnose finding names the error's line (zoo_errors.py: blame)
  patch<=inj  repaired, and the patch changes no more lines than all the snapshot's errors did
  regress     intents that held on the broken snapshot and fail on the patched one (per snapshot)

Usage: zoo_eval.py --routefix BIN [--errors N] [--variants N] [--search-timeout S]
                   [--classes a,b] [--graphs Abilene,Karen] [--work DIR] [--report FILE]
                   [--detect-only]
--detect-only (the ctest zoo_corpus_smoke) stops after verify and exits 1 unless every clean
snapshot holds and every error is detected.
"""
import argparse
import glob
import json
import os
import resource
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo_errors  # noqa: E402
from repair_eval import patch_lines, run  # noqa: E402

ZOO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "zoo")


def run_timed(cmd, timeout):
    """repair_eval.run plus the CPU seconds (user + system) the command took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = run(cmd, timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return result + (cpu,)


def intent_status(stdout):
    try:
        return {i["name"]: i["status"] for i in json.loads(stdout)["intents"]}
    except (ValueError, KeyError):
        return {}


def evaluate_snapshot(routefix, gml, work, seed, errors, classes, class_start, search_timeout, timeout,
                      detect_only=False):
    net, cases, blame = zoo_errors.build_case_snapshot(gml, work, seed, errors, classes, class_start)
    clean, broken, patched = (os.path.join(work, d) for d in ("clean", "broken", "patched"))
    snap = {"graph": net.name, "seed": seed, "routers": len(net.routers), "intents": len(net.intents),
            "cases": []}
    rows = [{"class": c.error_class, "router": c.router, "breaks": c.breaks,
             "blame": sorted(f"{f}:{n}" for f, n in b)} for c, b in zip(cases, blame)]
    snap["cases"] = rows
    rc, out, err, _ = run([routefix, "verify", clean, "--format", "json"], timeout)
    if rc != 0:
        failing = [n for n, s in intent_status(out).items() if s != "pass"]
        snap["invalid"] = f"verify on the clean snapshot exited {rc}: {failing[:5] or err[-300:]}"
        return snap
    rc, out, err, secs = run([routefix, "verify", broken, "--format", "json"], timeout)
    before = intent_status(out)
    snap["verify_seconds"] = round(secs, 2)
    for r in rows:
        r["detected"] = rc == 1 and any(before.get(i) == "fail" for i in r["breaks"])
    if detect_only:
        return snap
    rc, out, err, secs, cpu = run_timed([routefix, "diagnose", broken, "--format", "json", "--timeout",
                                         str(search_timeout)], timeout)
    snap.update(diagnose_seconds=round(secs, 2), diagnose_cpu_seconds=round(cpu, 2), load=os.getloadavg()[0])
    findings = json.loads(out)["findings"] if rc in (0, 1) else []
    if rc not in (0, 1):
        snap["crash"] = f"diagnose exited {rc}: {err[-300:]}"
    named = {(f.get("file"), f.get("line")) for f in findings}
    snap["findings"] = sorted(f"{f.get('file')}:{f.get('line')}: {f.get('text')}" for f in findings)
    for r, b in zip(rows, blame):
        r["diagnosis_hit"] = bool(named & b)
    rc, out, err, secs, cpu = run_timed([routefix, "repair", broken, "--format", "json", "--out", patched,
                                         "--timeout", str(search_timeout)], timeout)
    snap.update(repair_seconds=round(secs, 2), repair_cpu_seconds=round(cpu, 2))
    repaired, regressions = False, []
    if rc in (0, 1):
        rep = json.loads(out)
        snap.update(repair_status=rep["status"], repair_verified=rep.get("verified"),
                    patch=[p["diff"] for p in rep.get("patches", [])],
                    patch_lines=patch_lines(rep.get("patches", [])))
        if rep["status"] == "repaired" and os.path.isdir(patched):
            rc, out, err, _ = run([routefix, "verify", patched, "--format", "json"], timeout)
            after = intent_status(out)
            repaired = rc == 0
            regressions = sorted(n for n, s in before.items() if s == "pass" and after.get(n) != "pass")
            if rc not in (0, 1):
                snap["crash"] = f"verify of the patched snapshot exited {rc}: {err[-300:]}"
    else:
        snap["crash"] = f"repair exited {rc}: {err[-300:]}"
    injected = sum(c.injected_lines() for c in cases)
    snap.update(injected_lines=injected, regressions=regressions)
    for r in rows:
        r["repaired"] = repaired
        r["patch_not_larger"] = repaired and snap.get("patch_lines", injected + 1) <= injected
    return snap


def table(snapshots):
    cases = [(s, r) for s in snapshots if "invalid" not in s for r in s["cases"]]
    head = (f"{'error class':24} {'errors':>6} {'detected':>9} {'repaired':>9} {'diag-hit':>9} "
            f"{'patch<=inj':>11} {'regress':>8}")
    lines = [head, "-" * len(head)]

    def row(name, subset):
        n = len(subset)

        def count(key):
            return f"{sum(1 for _, r in subset if r.get(key))}/{n}"
        regress = sum(1 for s, r in subset if s.get("regressions"))
        lines.append(f"{name:24} {n:>6} {count('detected'):>9} {count('repaired'):>9} "
                     f"{count('diagnosis_hit'):>9} {count('patch_not_larger'):>11} {regress:>8}")
    for cls in zoo_errors.CLASSES + zoo_errors.EXTRA_CLASSES:
        subset = [(s, r) for s, r in cases if r["class"] == cls]
        if subset:
            row(cls, subset)
    lines.append("-" * len(head))
    row("all", cases)
    invalid = [s for s in snapshots if "invalid" in s]
    valid = [s for s in snapshots if "invalid" not in s]
    lines.append(f"snapshots: {len(valid)} valid, {len(invalid)} invalid; "
                 f"snapshots with regressions: {sum(1 for s in valid if s.get('regressions'))}; "
                 f"routers {min((s['routers'] for s in valid), default=0)}-{max((s['routers'] for s in valid), default=0)}")
    for step in ("diagnose", "repair"):
        wall = [s.get(f"{step}_seconds", 0) for s in valid]
        cpu = [s.get(f"{step}_cpu_seconds", 0) for s in valid]
        lines.append(f"{step} seconds: wall median {_median(wall)}, max {max(wall, default=0)}; "
                     f"CPU median {_median(cpu)}, max {max(cpu, default=0)}")
    loads = [s["load"] for s in valid if "load" in s]
    if loads:
        lines.append(f"1-minute load during diagnose: {min(loads):.1f}-{max(loads):.1f}")
    return "\n".join(lines)


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--routefix", required=True)
    ap.add_argument("--errors", type=int, default=3, help="errors injected per snapshot")
    ap.add_argument("--variants", type=int, default=3, help="snapshots per graph (network seeds 1..N)")
    ap.add_argument("--search-timeout", type=float, default=60, help="diagnose/repair --timeout")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per routefix run")
    ap.add_argument("--classes", default=",".join(zoo_errors.CLASSES))
    ap.add_argument("--graphs", help="comma-separated GML names under bench/zoo (default: all); the"
                    " cases are those the full table has for these graphs")
    ap.add_argument("--only", help="comma-separated snapshot labels (GRAPH-vV-eE) to run, as in the full table")
    ap.add_argument("--work", help="keep snapshots here (default: a temporary directory)")
    ap.add_argument("--report", help="write every snapshot and case as JSON here")
    ap.add_argument("--detect-only", action="store_true", help="verify only (clean holds, errors detected)")
    args = ap.parse_args()
    if args.work:
        return evaluate(args, args.work)
    with tempfile.TemporaryDirectory(prefix="zoo-eval-") as work:
        return evaluate(args, work)


def evaluate(args, work):
    gmls = sorted(glob.glob(os.path.join(ZOO, "*.gml")))
    classes = args.classes.split(",")
    snapshots, turn = [], 0
    for gml in gmls:
        for v in range(1, args.variants + 1):
            label = f"{os.path.basename(gml)[:-4]}-v{v}-e{args.errors}"
            # A filtered-out snapshot still takes its turn, so the classes a snapshot gets do not
            # depend on which others run (a rerun of a full table's misses gets the same cases).
            if ((args.graphs and os.path.basename(gml)[:-4] not in args.graphs.split(","))
                    or (args.only and label not in args.only.split(","))):
                turn += args.errors
                continue
            s = evaluate_snapshot(args.routefix, gml, os.path.join(work, label), v, args.errors, classes,
                                  turn, args.search_timeout, args.timeout, args.detect_only)
            turn += args.errors
            s["label"] = label
            snapshots.append(s)
            summary = s.get("invalid") or " ".join(
                f"{r['class']}:{''.join(k[0] for k in ('detected', 'repaired', 'diagnosis_hit', 'patch_not_larger') if r.get(k))}"
                for r in s["cases"])
            print(f"{label} ({s['routers']} routers): {s.get('repair_status', '')} "
                  f"{s.get('repair_seconds', '')}s {summary}", file=sys.stderr, flush=True)
    if args.report:
        with open(args.report, "w") as f:
            json.dump(snapshots, f, indent=1)
    print(table(snapshots))
    if args.detect_only:
        cases = [r for s in snapshots for r in s["cases"]]
        return 0 if cases and all(r.get("detected") for r in cases) and not any("invalid" in s for s in snapshots) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
