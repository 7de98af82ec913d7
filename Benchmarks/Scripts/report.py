#!/usr/bin/env python3
"""Turns one benchmark run into the table and JSON that `Benchmarks/run` prints.

Inputs: package-benchmark's histogramSamples export (wall-clock samples of every benchmark,
named `<label> · <engine>`) and the memory probe's JSON lines (W7). Medians are
taken over the measured samples; ratios pair the engines of one label. A missing
engine gives n/a, never an error, so the report works before OpenSwiftData lands.
"""
import argparse
import glob
import json
import os
import platform
import re
import statistics
import subprocess
import sys
from datetime import datetime, timezone

ENGINES = ["raw", "GRDB", "OpenSwiftData", "Fluent", "GRDB Codable"]
POSTGRES_TARGET = 1.5  # OpenSwiftData/PostgresNIO ceiling on PostgreSQL (issue 18), and ahead of Fluent
MEMORY_TARGET = 400  # bytes per model, OpenSwiftData (issue's target)
# Published SwiftData figures (Emerge Tools, "SwiftData vs Realm: Performance
# Comparison", Jacob Bartlett, June 2024), as quoted in the benchmark issue.
PUBLISHED = {
    "swiftdata_insert_100k_seconds_iphone15pro": 3.6,
    "swiftdata_insert_objects_per_second_iphone15pro": 28000,
    "swiftdata_bytes_per_simple_object": 2700,
    "source": "Emerge Tools, 'SwiftData vs Realm: Performance Comparison' (J. Bartlett, 2024), "
              "https://www.emergetools.com/blog/posts/swiftdata-vs-realm-performance-comparison",
}
# The Orders leaderboard: Lighter's suite, Orders.fetchAll, 500 iterations, seconds, as
# SQLiteData's README publishes them (machine not stated there), printed as ratios to
# its raw SQLite line beside ours.
LEADERBOARD_LABEL = "Orders fetchAll"
PUBLISHED_ORDERS = {
    "source": "https://github.com/pointfreeco/sqlite-data#performance",
    "seconds": {
        "raw SQLite (Enlighter 1.4.10)": 7.183,
        "Lighter 1.4.10": 8.059,
        "SQLiteData 1.0.0": 8.511,
        "GRDB 7.4.1, manual decoding": 18.819,
        "SQLite.swift 0.15.3, manual decoding": 27.994,
        "SQLite.swift 0.15.3, Codable": 43.261,
        "GRDB 7.4.1, Codable": 53.326,
    },
}


def target_for(name):
    """The issue's ceiling for OpenSwiftData/raw medians, by workload name."""
    if name.startswith("W3"):
        return 1.5 if name.endswith("no index") else 1.3
    return {"W1": 2.0, "W2": 2.0, "W4": 2.5, "W5": 2.0, "W6": 2.0, "W8": 3.0, "W9": 2.0}.get(name.split()[0])


def load_samples(directory):
    """{label: {engine: [milliseconds, ...]}} of wall-clock samples from package-benchmark's
    histogramSamples export: one file per benchmark and metric, named
    <baseline>.<target>.<name with spaces as underscores>.<metric>.histogram.samples.tsv,
    holding a header line and then one value per line (in the configured microseconds)."""
    samples = {}
    for path in glob.glob(os.path.join(directory, "*.wallClock.histogram.samples.tsv")):
        stem = os.path.basename(path)[: -len(".wallClock.histogram.samples.tsv")]
        name = stem.split(".", 2)[2].replace("_", " ")
        if " · " not in name:
            continue
        label, engine = name.rsplit(" · ", 1)
        with open(path) as f:
            lines = f.read().split("\n")[1:]
        values = [int(line) / 1000.0 for line in lines if line.strip()]
        if values:
            samples.setdefault(label, {})[engine] = values
    return samples


def workload_name(label, labels):
    """`W1` when a workload has one variant; `W3 100k no index` when it has several."""
    first = label.split()[0]
    if sum(1 for other in labels if other.split()[0] == first) == 1:
        return first
    words = label.split()
    return " ".join([first] + words[2:])


def summarise(samples, labels):
    """One entry per label: medians, minimums and the ratios of OpenSwiftData to the others."""
    labels = sorted(labels, key=lambda l: (l.split()[0], "1M" in l, "no index" not in l, l))
    workloads = []
    for label in labels:
        engines = samples[label]
        medians = {e: (statistics.median(engines[e]) if e in engines else None) for e in ENGINES}
        # Minimums too: on a shared machine short runs are preempted in whole time
        # slices, and the fastest sample is the one least disturbed.
        minimums = {e: (min(engines[e]) if e in engines else None) for e in ENGINES}
        name = workload_name(label, labels)
        osd_vs_raw = ratio(medians["OpenSwiftData"], medians["raw"])
        target = target_for(name)
        workloads.append({
            "name": name,
            "benchmark": label,
            "median_ms": {e: (round(m, 3) if m is not None else None) for e, m in medians.items()},
            "min_ms": {e: (round(m, 3) if m is not None else None) for e, m in minimums.items()},
            "samples": {e: len(engines.get(e, [])) for e in ENGINES},
            "ratio_vs_raw": osd_vs_raw,
            "ratio_vs_grdb": ratio(medians["OpenSwiftData"], medians["GRDB"]),
            "ratio_vs_fluent": ratio(medians["OpenSwiftData"], medians["Fluent"]),
            "grdb_vs_raw": ratio(medians["GRDB"], medians["raw"]),
            "fluent_vs_raw": ratio(medians["Fluent"], medians["raw"]),
            "min_ratio_vs_raw": ratio(minimums["OpenSwiftData"], minimums["raw"]),
            "min_ratio_vs_grdb": ratio(minimums["OpenSwiftData"], minimums["GRDB"]),
            "min_ratio_vs_fluent": ratio(minimums["OpenSwiftData"], minimums["Fluent"]),
            "min_grdb_vs_raw": ratio(minimums["GRDB"], minimums["raw"]),

            "target_vs_raw": target,
            "meets_target": (osd_vs_raw <= target) if osd_vs_raw is not None and target else None,
        })

    return workloads


def ratio(a, b):
    return round(a / b, 3) if a is not None and b else None


def read_json_lines(path):
    """The records of a file of JSON lines, blank lines skipped."""
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def load_memory(path):
    """{engine: [probe results]} from the probe's JSON lines."""
    results = {}
    if not path:
        return results
    for record in read_json_lines(path):
        results.setdefault(record["engine"], []).append(record)
    return results


def load_figures(path):
    """{label: {engine: {figure: median}}} from the JSON lines of Harness/Figures.swift: the
    figures a benchmark reports besides its time (W14's bytes on the wire), one line an
    iteration. The warm-up's line is left out unless it is the only one."""
    lines = {}
    if not path or not os.path.exists(path):
        return {}
    for record in read_json_lines(path):
        lines.setdefault(record["benchmark"], []).append(record)
    figures = {}
    for name, records in lines.items():
        if " · " not in name:
            continue
        label, engine = name.rsplit(" · ", 1)
        measured = [dict(r["figures"]) for r in records if not r.get("warmup")] \
            or [dict(r["figures"]) for r in records]
        names = []
        for r in measured:
            names += [k for k in r if k not in names]
        figures.setdefault(label, {})[engine] = {
            k: round(statistics.median(r[k] for r in measured if k in r), 3) for k in names
        }
        figures[label][engine]["iterations"] = len(measured)
    return figures


def print_figures(figures):
    """Each benchmark's figures by engine, with OpenSwiftData's over raw's."""
    def fmt(name, value):
        if value is None:
            return "n/a"
        if name.endswith(" ms"):
            return fmt_ms(value)
        return f"{value:,.0f}"
    for label in sorted(figures):
        engines = [e for e in ENGINES if e in figures[label]]
        names = []
        for e in engines:
            names += [k for k in figures[label][e] if k not in names and k != "iterations"]
        header = [f"{label} (median of {', '.join(str(figures[label][e]['iterations']) + ' ' + e for e in engines)})"] \
            + engines + (["OSD/raw"] if {"raw", "OpenSwiftData"} <= set(engines) else [])
        rows = []
        for k in names:
            row = [k] + [fmt(k, figures[label][e].get(k)) for e in engines]
            if len(header) > len(engines) + 1:
                r = ratio(figures[label]["OpenSwiftData"].get(k), figures[label]["raw"].get(k))
                row.append(f"{r:,.0f}" if r is not None and r >= 100 else fmt_ratio(r))
            rows.append(row)
        print_table(header, rows)
        print()


def machine():
    def run(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        except Exception:
            return ""
    cpu = re.search(r"Model name:\s*(.+)", run(["lscpu"]))
    mem = re.search(r"Mem:\s+(\S+)", run(["free", "-h"]))
    swift = run(["swift", "--version"]).strip().splitlines()
    return {
        "cpu": cpu.group(1).strip() if cpu else platform.processor(),
        "cores": int(run(["nproc"]).strip() or 0),
        "memory": mem.group(1) if mem else "",
        "os": platform.platform(),
        "swift": swift[0] if swift else "",
        "sqlite": run(["sqlite3", "--version"]).split(" ")[0] if run(["which", "sqlite3"]) else "",
    }


def fmt_ms(value):
    if value is None:
        return "n/a"
    return f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def fmt_ratio(value):
    return "n/a" if value is None else f"{value:.2f}"


def print_table(header, rows):
    """Columns as wide as their widest cell: the first left-aligned, the figures right-aligned."""
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(widths[i]) if i == 0 else str(c).rjust(widths[i]) for i, c in enumerate(r))
    print(line(header))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line(r))


def leaderboard(samples):
    """The Orders leaderboard's medians and minimums, and each engine's median over raw's."""
    engines = samples.get(LEADERBOARD_LABEL)
    if not engines:
        return None
    order = ["raw", "GRDB", "GRDB Codable", "OpenSwiftData"]
    medians = {e: statistics.median(engines[e]) for e in order if e in engines}
    return {
        "benchmark": LEADERBOARD_LABEL,
        "median_ms": {e: round(m, 3) for e, m in medians.items()},
        "min_ms": {e: round(min(engines[e]), 3) for e in medians},
        "samples": {e: len(engines[e]) for e in medians},
        "ratio_vs_raw": {e: ratio(m, medians.get("raw")) for e, m in medians.items()},
        "published": PUBLISHED_ORDERS,
    }


def print_leaderboard(board):
    """Ours beside the published ratios, both to raw SQLite of the same run."""
    names = {"raw": "raw SQLite", "GRDB": "GRDB, hand-written", "GRDB Codable": "GRDB, Codable", "OpenSwiftData": "OpenSwiftData"}
    rows = [[names[e], fmt_ms(board["median_ms"][e]) + f" ({fmt_ms(board['min_ms'][e])})", fmt_ratio(board["ratio_vs_raw"][e])]
            for e in board["median_ms"]]
    published = PUBLISHED_ORDERS["seconds"]
    base = published["raw SQLite (Enlighter 1.4.10)"]
    rows += [[f"{name} (published)", f"{seconds:.2f} s / 500", fmt_ratio(round(seconds / base, 3))] for name, seconds in published.items()]
    print_table(["Orders fetchAll (15,889 rows)", "ms a fetch", "x raw"], rows)
    print(f"Published: {PUBLISHED_ORDERS['source']} (their machine; ratios are to their raw SQLite line).")
    print()


def print_postgres(workloads):
    """The PostgreSQL table: PostgresNIO (the floor), OpenSwiftData, Fluent."""
    cell = lambda w, e: fmt_ms(w["median_ms"][e]) + ("" if w["min_ms"][e] is None else f" ({fmt_ms(w['min_ms'][e])})")
    header = ["PostgreSQL", "PostgresNIO ms", "OSD ms", "Fluent ms", "OSD/PostgresNIO", "OSD/Fluent", "target"]
    rows = [[w["name"], cell(w, "raw"), cell(w, "OpenSwiftData"), cell(w, "Fluent"), fmt_ratio(w["ratio_vs_raw"]),
             fmt_ratio(w["ratio_vs_fluent"]), f"<= {POSTGRES_TARGET}, < 1"] for w in workloads]
    print_table(header, rows)
    print()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", required=True, help="folder of package-benchmark's histogramSamples export")
    parser.add_argument("--memory")
    parser.add_argument("--figures", help="JSON lines of figures besides the time (Harness/Figures.swift)")
    parser.add_argument("--json")
    parser.add_argument("--load-start", default="", help="/proc/loadavg's first three fields when the run began")
    parser.add_argument("--quick", action="store_true", help="the run was Benchmarks/run --quick (a tenth of the rows)")
    args = parser.parse_args()

    samples = load_samples(args.samples)
    machine_info = machine()
    # `PG …` labels are W1-W6 on PostgreSQL (raw = PostgresNIO): a table of their own.
    sqlite_labels = [l for l in samples if not l.startswith("PG ") and l != LEADERBOARD_LABEL]
    board = leaderboard(samples)
    postgres_labels = [l[3:] for l in samples if l.startswith("PG ")]
    workloads = summarise(samples, sqlite_labels)
    postgres_workloads = summarise({l[3:]: e for l, e in samples.items() if l.startswith("PG ")}, postgres_labels)
    for w in postgres_workloads:
        w["benchmark"] = "PG " + w["benchmark"]
        w["target_vs_raw"] = POSTGRES_TARGET
        w["meets_target"] = (w["ratio_vs_raw"] is not None and w["ratio_vs_raw"] <= POSTGRES_TARGET
                             and w["ratio_vs_fluent"] is not None and w["ratio_vs_fluent"] < 1)

    memory = load_memory(args.memory)
    bytes_per_model = {
        e: (round(statistics.median(r["bytes_per_model"] for r in memory[e]), 1) if e in memory else None)
        for e in ENGINES
    }

    # Table.
    header = ["workload", "raw ms", "GRDB ms", "OSD ms", "Fluent ms", "GRDB/raw", "OSD/raw", "OSD/GRDB", "OSD/Fluent", "target"]
    rows = []
    cell = lambda w, e: fmt_ms(w["median_ms"][e]) + ("" if w["min_ms"][e] is None else f" ({fmt_ms(w['min_ms'][e])})")
    for w in workloads:
        rows.append([w["name"], cell(w, "raw"), cell(w, "GRDB"), cell(w, "OpenSwiftData"), cell(w, "Fluent"),
                     fmt_ratio(w["grdb_vs_raw"]), fmt_ratio(w["ratio_vs_raw"]), fmt_ratio(w["ratio_vs_grdb"]),
                     fmt_ratio(w["ratio_vs_fluent"]),
                     f"<= {w['target_vs_raw']}" if w["target_vs_raw"] else ""])
    if rows:
        print_table(header, rows)
        print()
    figures = load_figures(args.figures)
    if figures:
        print_figures(figures)
    if postgres_workloads:
        print_postgres(postgres_workloads)
    if board:
        print_leaderboard(board)
    print("Median (minimum) of the measured iterations, wall clock; ratios are of medians.")
    print("OSD = OpenSwiftData; n/a = engine not implemented for that workload (Fluent: W1-W6, W9 only).")
    load_end = " ".join(open("/proc/loadavg").read().split()[:3]) if sys.platform.startswith("linux") else ""
    print(f"Load average (1/5/15 min) at start: {args.load_start or '?'}; at end: {load_end or '?'} "
          f"on {machine_info['cores']} cores. Other load makes medians noisy.")
    fmt_b = lambda v: "n/a" if v is None else f"{v:.0f}"
    if args.quick:
        print("QUICK MODE: a tenth of the rows, fewer iterations. Ratios are indicative only: "
              "fixed costs weigh more at these sizes. Run the full table before drawing conclusions.")
    print(f"W7 peak resident bytes per fetched model ({'10k' if args.quick else '100k'}): raw {fmt_b(bytes_per_model['raw'])}, "
          f"GRDB {fmt_b(bytes_per_model['GRDB'])}, OpenSwiftData {fmt_b(bytes_per_model['OpenSwiftData'])} "
          f"(target <= {MEMORY_TARGET}; SwiftData published ~{PUBLISHED['swiftdata_bytes_per_simple_object']})")

    if args.json:
        osd_bytes = bytes_per_model["OpenSwiftData"]
        report = {
            "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "machine": dict(machine_info, load_average_start=args.load_start, load_average_end=load_end),
            "quick": args.quick,
            "workloads": workloads,
            "postgres_workloads": postgres_workloads,
            "orders_leaderboard": board,
            "figures": figures,
            "bytes_per_model": osd_bytes,
            "bytes_per_model_by_engine": bytes_per_model,
            "bytes_per_model_target": MEMORY_TARGET,
            "memory_probe_runs": memory,
            "published_swiftdata": PUBLISHED,
        }
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)
            f.write("\n")
        print(f"JSON written to {args.json}")


if __name__ == "__main__":
    sys.exit(main())
