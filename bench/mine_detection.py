#!/usr/bin/env python3
"""How many injected errors the mined intents detect (issue 18's pre-change check, measured).

Per network, `routefix intents mine CLEAN --failures K` writes the intents that hold today; then
one error at a time is injected and `routefix diff CLEAN BROKEN --intents mined.yaml` judges the
change as a merge-request pipeline would: exit 1 (a mined intent that held fails) is *detected*.

Corpora:
  generated  bench/repair_eval.py's networks (gen_wan: 20-30 routers with one or two route
             reflectors; gen_fattree k=4,6,8) and bench/error_injection.py's classes, N cases
             per class and network at seeded random places
  zoo        (--zoo) bench/zoo_errors.py's classes on the Topology Zoo snapshots, one error per
             snapshot, network seeds 1..--zoo-variants

Each case is valid only when the intents it breaks by construction hold on the clean snapshot
and fail on the broken one (the injection really breaks something routefix can see). For every
undetected case the diff says why: `no route changed`, `attributes only` (routes changed, every
next hop the same), or `forwarding changed` (a route added, removed or moved to other next hops,
and still no mined intent fails).

Usage: mine_detection.py --routefix BIN --gen DIR [--failures K] [--cases-per-class N] [--zoo]
                         [--networks wan,fattree-k8] [--work DIR] [--report FILE]
"""
import argparse
import json
import os
import random
import sys
import tempfile
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import error_injection as inj  # noqa: E402
from repair_eval import class_table, generated_networks, injected_cases, run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def mine(routefix, clean, out, failures, timeout):
    """Mines `clean` into `out`; returns (intents written, seconds)."""
    rc, _, err, secs = run([routefix, "intents", "mine", clean, "--failures", str(failures), "--out", out,
                            "--force"], timeout)
    if rc != 0:
        raise SystemExit(f"intents mine {clean} exited {rc}: {err[-500:]}")
    with open(out) as f:
        intents = sum(1 for line in f if line.startswith("  - name:"))
    return intents, secs


def why_undetected(diff):
    """What the change did to the data plane, for a change no mined intent caught."""
    if not diff["routes"]:
        return "no route changed"
    for r in diff["routes"]:
        if r["change"] != "changed" or r["before"].get("next_hops") != r["after"].get("next_hops"):
            return "forwarding changed"
    return "attributes only"


def judge(routefix, clean, broken, mined, timeout):
    """`diff CLEAN BROKEN --intents MINED`: detected, the mined intents broken by type, and for
    an undetected change what it changed."""
    rc, out, err, secs = run([routefix, "diff", clean, broken, "--intents", mined, "--format", "json"], timeout)
    if rc not in (0, 1):
        return {"crash": f"diff exited {rc}: {err[-300:]}"}
    diff = json.loads(out)
    broken_types = Counter(i["type"] for i in diff["intents"] if i["before"] == "pass" and i["after"] == "fail")
    r = {"detected": rc == 1, "broken_intents": dict(broken_types), "diff_seconds": round(secs, 2),
         "routes_changed": len(diff["routes"]),
         "reachability_lost": sum(1 for x in diff["reachability"] if x["change"] == "lost")}
    if rc == 0:
        r["why"] = why_undetected(diff)
    return r


def breaks_by_construction(routefix, clean, broken, intents_file, timeout):
    """The case's own intents hold on the clean snapshot and fail on the broken one."""
    rc_clean = run([routefix, "verify", clean, "--intents", intents_file], timeout)[0]
    rc_broken = run([routefix, "verify", broken, "--intents", intents_file], timeout)[0]
    return rc_clean == 0 and rc_broken == 1


def generated_cases(args, work):
    """Yields (network label, clean snapshot, error class, broken snapshot, its case intents) for
    the generated WANs and fat-trees."""
    rng = random.Random(args.seed)
    for label, clean in generated_networks(args.gen, work, args.networks):
        net = inj.Network(clean, args.routefix)
        for cls, i, case in injected_cases(net, rng, args.cases_per_class):
            broken = os.path.join(work, label, f"{cls}-{i}")
            inj.inject(clean, broken, [case])
            yield label, clean, cls, broken, os.path.join(broken, "intents.json")


def zoo_cases(args, work):
    """The same for bench/zoo_errors.py: one error per snapshot, every class on every variant."""
    import zoo_errors
    graphs = sorted(f for f in os.listdir(os.path.join(HERE, "zoo")) if f.endswith(".gml"))
    for gml in graphs:
        for seed in range(1, args.zoo_variants + 1):
            for cls in zoo_errors.CLASSES:
                out = os.path.join(work, "zoo", f"{gml[:-4]}-s{seed}-{cls}")
                net, cases, _ = zoo_errors.build_case_snapshot(os.path.join(HERE, "zoo", gml), out, seed, 1, [cls])
                if not cases:
                    continue
                # The clean snapshot's own intents.yaml holds the design's intents; keep the
                # ones this error breaks by construction.
                intents = os.path.join(out, "case-intents.json")
                inj.write_intents(intents, [i for i in net.intents if i["name"] in cases[0].breaks])
                yield f"zoo-{gml[:-4]}-s{seed}", os.path.join(out, "clean"), cls, os.path.join(out, "broken"), intents


def table(results):
    head = (f"{'error class':26} {'cases':>5} {'detected':>9}  {'undetected: no route changed':>28} "
            f"{'attributes only':>15} {'forwarding changed':>18}")

    def row(rs):
        n = len(rs)
        detected = f"{sum(1 for r in rs if r.get('detected'))}/{n}"
        why = Counter(r.get("why") for r in rs if not r.get("detected"))
        return (f"{n:>5} {detected:>9}  {why['no route changed']:>28} "
                f"{why['attributes only']:>15} {why['forwarding changed']:>18}")
    return class_table(head, results, row)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--routefix", required=True)
    ap.add_argument("--gen", required=True, help="directory holding gen_wan and gen_fattree")
    ap.add_argument("--failures", type=int, default=0, help="intents mine --failures K")
    ap.add_argument("--cases-per-class", type=int, default=3, help="per class and generated network")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--networks", help="comma-separated substrings of generated network labels")
    ap.add_argument("--zoo", action="store_true", help="also the Topology Zoo corpus")
    ap.add_argument("--zoo-only", action="store_true", help="only the Topology Zoo corpus")
    ap.add_argument("--zoo-variants", type=int, default=1, help="network seeds per Zoo graph")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per routefix run")
    ap.add_argument("--work", help="keep snapshots here (default: a temporary directory)")
    ap.add_argument("--report", help="write every case as JSON here")
    args = ap.parse_args()

    work = args.work or tempfile.mkdtemp(prefix="mine-detection-")
    sources = [] if args.zoo_only else [generated_cases(args, work)]
    if args.zoo or args.zoo_only:
        sources.append(zoo_cases(args, work))
    mined, results, invalid = {}, [], 0  # mined: network label -> its mined intents file
    for source in sources:
        for label, clean, cls, broken, case_intents in source:
            if label not in mined:
                mined[label] = os.path.join(work, f"{label}-mined.yaml")
                count, secs = mine(args.routefix, clean, mined[label], args.failures, args.timeout)
                print(f"{label}: mined {count} intents in {secs:.1f} s (--failures {args.failures})", file=sys.stderr)
            if not breaks_by_construction(args.routefix, clean, broken, case_intents, args.timeout):
                invalid += 1
                print(f"{label} {cls}: invalid (its intents do not hold clean and fail broken)", file=sys.stderr)
                continue
            r = judge(args.routefix, clean, broken, mined[label], args.timeout)
            r.update(network=label, **{"class": cls}, snapshot=broken)
            results.append(r)
            verdict = "detected" if r.get("detected") else f"UNDETECTED ({r.get('why') or r.get('crash')})"
            print(f"{label} {cls}: {verdict} {r.get('broken_intents', '')}", file=sys.stderr)
            if args.report:  # after every case, so that a run cut short still has its cases
                with open(args.report, "w") as f:
                    json.dump(results, f, indent=1)
    judged = [r for r in results if "crash" not in r]
    print(table(judged))
    print(f"mined with --failures {args.failures}; invalid cases left out: {invalid}; "
          f"cases where routefix failed: {len(results) - len(judged)}")


if __name__ == "__main__":
    main()
