#!/usr/bin/env python3
"""Error-injection evaluation of `routefix diagnose` and `routefix repair` (issue 5's numbers).

Generates fat-trees (bench/gen_fattree) and WANs (bench/gen_wan) of several sizes and seeds,
injects one error of every class (bench/error_injection.py) several times each, and per case:
  detected   `routefix verify` on the broken snapshot exits 1 (and on the clean one 0: a case
             whose intents fail on the clean snapshot is a harness bug and reported as invalid)
  repaired   `routefix repair --out` writes a patched snapshot and `routefix verify` on it exits 0
             (every intent of the case, the broken one and the ones that held, re-checked
             independently of repair's own verified flag)
  diag-hit   a `routefix diagnose` finding names the injected line (for a deleted line: the
             header of the block it was deleted from)
  patch<=inj the patch changes no more lines than the injection did (a replaced line counts 1)
Prints one row per error class and writes every case's details to --report (JSON).

Usage: repair_eval.py --routefix BIN --gen DIR [--cases-per-class N] [--work DIR] [--report FILE]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import error_injection as inj  # noqa: E402

# Networks: (label, generator arguments). WANs with one and with two route reflectors, since
# the route-reflector classes need every reflector edited.
WANS = [(f"wan{n}-rr{rr}-s{seed}", ["--routers", str(n), "--rrs", str(rr), "--externals", "8",
                                    "--prefixes", "3", "--seed", str(seed)])
        for seed, (n, rr) in enumerate([(20, 1), (24, 2), (28, 1), (22, 2), (26, 1), (30, 2)], 1)]
FATTREES = [(f"fattree-k{k}", [str(k)]) for k in (4, 6, 8)]


def run(cmd, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - start
    except subprocess.TimeoutExpired:
        return "timeout", "", "", time.monotonic() - start


def patch_lines(patches):
    """Lines a unified diff changes, a replaced line counted once: per run of -/+ lines,
    max(removed, added)."""
    total = 0
    for p in patches:
        minus = plus = 0
        for l in p["diff"].split("\n") + [" "]:
            if l.startswith(("---", "+++", "@@")):
                continue
            if l.startswith("-"):
                minus += 1
            elif l.startswith("+"):
                plus += 1
            else:
                total += max(minus, plus)
                minus = plus = 0
    return total


def evaluate(routefix, clean, case, work, timeout, search_timeout=20):
    """Runs verify (clean, broken), diagnose, repair, verify (patched) for one case."""
    broken = os.path.join(work, "broken")
    blame = inj.inject(clean, broken, [case])[0]
    intents = os.path.join(broken, "intents.json")
    r = {"class": case.error_class, "edits": [e.__dict__ for e in case.edits],
         "intents": case.intents, "blame": sorted(blame)}
    rc, _, err, _ = run([routefix, "verify", clean, "--intents", intents], timeout)
    if rc != 0:
        r.update(outcome="invalid", why=f"verify on the clean snapshot exited {rc}: {err[-300:]}")
        return r
    rc, _, err, _ = run([routefix, "verify", broken, "--format", "json"], timeout)
    r["detected"] = rc == 1
    r["crash"] = rc not in (0, 1)
    if r["crash"]:
        r["crash_detail"] = f"verify exited {rc}: {err[-300:]}"

    rc, out, err, secs = run([routefix, "diagnose", broken, "--format", "json", "--timeout", str(search_timeout)], timeout)
    r["diagnose_seconds"] = round(secs, 2)
    findings = []
    if rc in (0, 1):
        findings = json.loads(out)["findings"]
    else:
        r["crash"] = True
        r["crash_detail"] = f"diagnose exited {rc}: {err[-300:]}"
    named = {(f.get("file"), f.get("line")) for f in findings}
    r["findings"] = sorted(f"{f.get('file')}:{f.get('line')}: {f.get('text')}" for f in findings)
    r["diagnosis_hit"] = bool(named & blame)

    patched = os.path.join(work, "patched")
    rc, out, err, secs = run([routefix, "repair", broken, "--format", "json", "--out", patched,
                                 "--timeout", str(search_timeout)], timeout)
    r["repair_seconds"] = round(secs, 2)
    r["repaired"] = False
    if rc not in (0, 1):
        r["crash"] = True
        r["crash_detail"] = f"repair exited {rc}: {err[-300:]}"
        return r
    rep = json.loads(out)
    r["repair_status"] = rep["status"]
    r["repair_verified"] = rep["verified"]
    r["repair_notes"] = rep.get("notes", [])
    r["patch"] = [p["diff"] for p in rep["patches"]]
    r["patch_lines"] = patch_lines(rep["patches"])
    r["injected_lines"] = case.injected_lines()
    if rep["status"] == "repaired" and os.path.isdir(patched):
        rc, _, err, _ = run([routefix, "verify", patched, "--intents", intents], timeout)
        r["repaired"] = rc == 0
        if rc not in (0, 1):
            r["crash"] = True
            r["crash_detail"] = f"verify of the patched snapshot exited {rc}: {err[-300:]}"
        # repair claimed a verified patch that the independent check rejects: a wrong patch
        r["wrong_patch"] = rc != 0 and rep["verified"]
    r["patch_not_larger"] = r["repaired"] and r["patch_lines"] <= r["injected_lines"]
    return r


def class_table(head, results, row):
    """The text of a table: `head`, a rule, one line per error class, a rule and a line for all
    cases. row(rs) is a line's text after the class name."""
    lines = [head, "-" * len(head)]
    for c in sorted({r["class"] for r in results}):
        lines.append(f"{c:26} " + row([r for r in results if r["class"] == c]))
    lines.append("-" * len(head))
    lines.append(f"{'all':26} " + row(results))
    return "\n".join(lines)


def table(results):
    head = f"{'error class':26} {'cases':>5} {'detected':>9} {'repaired':>9} {'diag-hit':>9} {'patch<=inj':>11} {'crash':>6} {'invalid':>8}"

    def row(rs):
        valid = [r for r in rs if r.get("outcome") != "invalid"]
        n = len(valid)

        def count(key):
            return f"{sum(1 for r in valid if r.get(key))}/{n}"
        return (f"{n:>5} {count('detected'):>9} {count('repaired'):>9} {count('diagnosis_hit'):>9} "
                f"{count('patch_not_larger'):>11} {sum(1 for r in valid if r.get('crash')):>6} "
                f"{len(rs) - n:>8}")
    return class_table(head, results, row)


def generated_networks(gen_dir, work, only=None):
    """(label, clean snapshot) of every generated network, or of those whose label contains one
    of the comma-separated substrings `only`; each is generated into work/LABEL/clean once."""
    nets = [("gen_wan", label, a) for label, a in WANS] + [("gen_fattree", label, a) for label, a in FATTREES]
    if only:
        nets = [n for n in nets if any(s in n[1] for s in only.split(","))]
    for gen, label, gen_args in nets:
        clean = os.path.join(work, label, "clean")
        if not os.path.isdir(clean):
            subprocess.run([os.path.join(gen_dir, gen), clean, *gen_args], check=True, stderr=subprocess.DEVNULL)
        yield label, clean


def injected_cases(net, rng, count, classes=None):
    """Up to `count` cases of every error class of `net` (or of `classes`), each at a place the
    class's earlier cases did not take when there is one. Yields (class, index, case)."""
    for cls, injector in inj.injectors(net).items():
        if classes and cls not in classes:
            continue
        seen = set()
        for i in range(count):
            case = None
            for _ in range(10):
                case = injector(net, rng, set())
                if case is None or tuple((e.file, e.line) for e in case.edits) not in seen:
                    break
            if case is None:
                print(f"{cls}: no place to inject", file=sys.stderr)
                break
            seen.add(tuple((e.file, e.line) for e in case.edits))
            yield cls, i, case


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--routefix", required=True)
    ap.add_argument("--gen", required=True, help="directory holding gen_wan and gen_fattree")
    ap.add_argument("--cases-per-class", type=int, default=3, help="per class and network")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", help="keep snapshots here (default: a temporary directory)")
    ap.add_argument("--report", help="write every case as JSON here")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per routefix run")
    ap.add_argument("--search-timeout", type=float, default=20, help="diagnose/repair --timeout")
    ap.add_argument("--only", help="comma-separated error classes")
    ap.add_argument("--networks", help="comma-separated substrings of network labels (wan, fattree-k8, ...):"
                    " runs only those, e.g. to measure fat-trees and WANs in parallel runs")
    args = ap.parse_args()

    work = args.work or tempfile.mkdtemp(prefix="repair-eval-")
    rng = random.Random(args.seed)
    results = []
    for label, clean in generated_networks(args.gen, work, args.networks):
        net = inj.Network(clean, args.routefix)
        only = args.only.split(",") if args.only else None
        for cls, i, case in injected_cases(net, rng, args.cases_per_class, only):
            r = evaluate(args.routefix, clean, case, os.path.join(work, label, f"{cls}-{i}"), args.timeout,
                         args.search_timeout)
            r["network"] = label
            results.append(r)
            flags = " ".join(k for k in ("detected", "repaired", "diagnosis_hit", "patch_not_larger", "crash")
                             if r.get(k))
            print(f"{label} {cls} #{i}: {r.get('outcome', '')}{flags}", file=sys.stderr)
    if args.report:
        with open(args.report, "w") as f:
            json.dump(results, f, indent=1)
    print(table(results))


if __name__ == "__main__":
    main()
