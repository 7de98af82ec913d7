#!/usr/bin/env python3
"""Turns a growth run (`Benchmarks/run --growth`) into its table, its JSON, its plot and
the verdict on issue 17's two rules. Standard library only.

Input: the JSON lines of `growth time` (wall-clock samples per case) and `growth
measure` (peak resident memory, three fresh processes per case). Output: the table on
stdout, the numbers as JSON, the plot as SVG (per-row microseconds against rows, both
axes logarithmic, one panel per workload with a line per engine, and a panel of W7's
peak memory).

The rules (issue 17):
  flat      between two consecutive sizes OpenSwiftData's per-row median may not grow by
            more than STEP_LIMIT, unless raw SQLite's grows by more than STEP_LIMIT at
            the same step too;
  enumerate OpenSwiftData's `enumerate` peak may not grow by more than STEP_LIMIT from
            one size to the next (a batch at a time: the peak should not depend on rows),
            unless raw SQLite's stepping peak grows by more than STEP_LIMIT at the same
            step too (SQLite's page cache filling, which both pay), as in the flat rule.
  apps      (issue 37) each reference app's workload costs, per unit (a card, a deck line,
            an event, an asset, a day), at most APP_STEP_LIMIT times at its larger size what
            it costs at its smaller; and an import of rows costs at most APP_CARDSHOW_LIMIT
            times CardShow Pro's CSV import per card, at the larger size.
"""
import argparse
import json
import math
import statistics
import sys
from datetime import datetime, timezone

STEP_LIMIT = 1.3
APP_STEP_LIMIT = 1.5
APP_CARDSHOW_LIMIT = 3.0
ROW_UNITS = {"card", "line", "event", "asset"}
ENGINES = ["raw", "GRDB", "OpenSwiftData"]
COLOURS = {"raw": "#222222", "GRDB": "#2b6cb0", "OpenSwiftData": "#dd6b20"}
TIMED = ["W1 insert", "W2 fetch", "W3 Jane no index", "W3 Jane index", "W4 update"]
MEMORY = ["W7 fetch", "W7 enumerate"]


def size_name(rows):
    if rows >= 1_000_000 and rows % 1_000_000 == 0:
        return f"{rows // 1_000_000}M"
    if rows >= 1_000 and rows % 1_000 == 0:
        return f"{rows // 1_000}k"
    return str(rows)


def workload_of(label, rows):
    """`W3 Jane 1M no index` -> `W3 Jane no index`: the label without its size."""
    return " ".join(word for word in label.split() if word != size_name(rows))


def load(path):
    timed, memory, apps = {}, {}, {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            record = json.loads(line)
            if record.get("engine") == "app":
                apps[(record["workload"], record["size"])] = record
                continue
            key = (workload_of(record["label"], record["rows"]), record["rows"], record["engine"])
            if record["kind"] == "time":
                timed[key] = record
            else:
                memory.setdefault(key, []).append(record)
    return timed, memory, apps


def summarise_apps(apps):
    """Each app case's median per unit, in microseconds."""
    entries = []
    for (workload, size), record in sorted(apps.items()):
        samples = record["samples_ms"]
        median = statistics.median(samples)
        entries.append({
            "workload": workload, "size": size, "units": record["rows"], "unit": record["unit"],
            "median_ms": round(median, 3), "us_per_unit": round(median * 1000 / record["rows"], 3),
            "min_us_per_unit": round(min(samples) * 1000 / record["rows"], 3), "iterations": len(samples),
            "case_seconds": round(record["case_seconds"], 1),
        })
    return entries


def check_app_rules(entries):
    """[(rule, holds, detail)]: each app's cost per unit flat from its smaller size to its
    larger, and an import of rows within APP_CARDSHOW_LIMIT of CardShow Pro's per card."""
    verdicts = []
    cardshow = [e for e in entries if e["workload"] == "W13 cardshow CSV import"]
    per_card = max(cardshow, key=lambda e: e["size"])["us_per_unit"] if cardshow else None
    for workload in sorted({e["workload"] for e in entries}):
        sizes = sorted((e for e in entries if e["workload"] == workload), key=lambda e: e["size"])
        if len(sizes) < 2:
            continue
        small, large = sizes[0], sizes[-1]
        step = large["us_per_unit"] / small["us_per_unit"]
        detail = (f"{small['size']}: {small['us_per_unit']:.1f} us per {small['unit']}, {large['size']}: "
                  f"{large['us_per_unit']:.1f} us (x{step:.2f})")
        holds = step <= APP_STEP_LIMIT
        if large["unit"] in ROW_UNITS and per_card and workload != "W13 cardshow CSV import":
            against = large["us_per_unit"] / per_card
            detail += f"; x{against:.2f} CardShow Pro's import per card"
            holds = holds and against <= APP_CARDSHOW_LIMIT
        verdicts.append((f"apps stay linear, {workload}", holds, detail))
    return verdicts


def print_apps(entries):
    print("The apps (W13): median microseconds per unit (minimum) at each size")
    header = f"{'workload':<40} {'size':>6} {'unit':>6} {'us/unit':>22} {'iters':>5}"
    print(header)
    print("-" * len(header))
    for e in entries:
        cost = f"{e['us_per_unit']:.1f} ({e['min_us_per_unit']:.1f})"
        print(f"{e['workload']:<40} {e['size']:>6} {e['unit']:>6} {cost:>22} {e['iterations']:>5}")
    print(f"The app cases took {sum(e['case_seconds'] for e in entries) / 60:.1f} min in all (fixtures, warm-ups and checks included)")
    print()


def summarise(timed, memory):
    curves = []
    for (workload, rows, engine), record in sorted(timed.items(), key=lambda item: (item[0][0], item[0][1], item[0][2])):
        samples = record["samples_ms"]
        median = statistics.median(samples)
        curves.append({
            "workload": workload, "rows": rows, "engine": engine,
            "median_ms": round(median, 3), "min_ms": round(min(samples), 3), "iterations": len(samples),
            "us_per_row": round(median * 1000 / rows, 4), "min_us_per_row": round(min(samples) * 1000 / rows, 4),
            "case_seconds": round(record["case_seconds"], 1),
        })
    peaks = []
    for (workload, rows, engine), records in sorted(memory.items(), key=lambda item: (item[0][0], item[0][1], item[0][2])):
        peak = statistics.median(r["peak_bytes"] for r in records)
        peaks.append({
            "workload": workload, "rows": rows, "engine": engine, "processes": len(records),
            "peak_bytes": int(peak), "bytes_per_row": round(peak / rows, 1),
            "peak_reset": all(r["peak_reset"] for r in records),
        })
    return curves, peaks


def lookup(entries, workload, rows, engine, field):
    for entry in entries:
        if (entry["workload"], entry["rows"], entry["engine"]) == (workload, rows, engine):
            return entry[field]
    return None


def ratio(a, b):
    return a / b if a is not None and b else None


def check_rules(curves, peaks):
    """[(rule, holds, detail)] for the flat rule per workload and the enumerate rule."""
    verdicts = []
    for workload in TIMED:
        sizes = sorted({c["rows"] for c in curves if c["workload"] == workload})
        failures, steps = [], []
        for small, large in zip(sizes, sizes[1:]):
            osd = ratio(lookup(curves, workload, large, "OpenSwiftData", "us_per_row"),
                        lookup(curves, workload, small, "OpenSwiftData", "us_per_row"))
            raw = ratio(lookup(curves, workload, large, "raw", "us_per_row"),
                        lookup(curves, workload, small, "raw", "us_per_row"))
            if osd is None or raw is None:
                continue
            steps.append(f"{size_name(small)}->{size_name(large)} OSD x{osd:.2f} raw x{raw:.2f}")
            if osd > STEP_LIMIT and raw <= STEP_LIMIT:
                failures.append(f"{size_name(small)}->{size_name(large)}")
        if steps:
            detail = "; ".join(steps) + (f"; fails at {', '.join(failures)}" if failures else "")
            verdicts.append((f"flat per-row cost, {workload}", not failures, detail))
    sizes = sorted({p["rows"] for p in peaks if p["workload"] == "W7 enumerate"})
    failures, steps = [], []
    for small, large in zip(sizes, sizes[1:]):
        a = lookup(peaks, "W7 enumerate", small, "OpenSwiftData", "peak_bytes")
        b = lookup(peaks, "W7 enumerate", large, "OpenSwiftData", "peak_bytes")
        raw_a = lookup(peaks, "W7 enumerate", small, "raw", "peak_bytes")
        raw_b = lookup(peaks, "W7 enumerate", large, "raw", "peak_bytes")
        if a is None or b is None:
            continue
        step = f"{size_name(small)} {a / 2**20:.1f} MiB -> {size_name(large)} {b / 2**20:.1f} MiB"
        raw_grows = raw_a is not None and raw_b is not None and raw_b > STEP_LIMIT * max(raw_a, 1)
        if raw_a is not None and raw_b is not None:
            step += f" (raw {raw_a / 2**20:.1f} -> {raw_b / 2**20:.1f})"
        steps.append(step)
        if b > STEP_LIMIT * max(a, 1) and not raw_grows:
            failures.append(f"{size_name(small)}->{size_name(large)}")
    if steps:
        detail = "; ".join(steps) + (f"; grows at {', '.join(failures)}" if failures else "")
        verdicts.append(("enumerate's peak memory flat in rows", not failures, detail))
    return verdicts


def print_tables(curves, peaks, verdicts, load_start, load_end):
    print("Growth curves: median microseconds per row (minimum), OSD = OpenSwiftData; step = per-row change from the previous size")
    header = f"{'workload':<18} {'rows':>5} {'raw us/row':>16} {'GRDB us/row':>16} {'OSD us/row':>16} {'OSD/raw':>7} {'raw step':>8} {'OSD step':>8} {'iters':>5}"
    print(header)
    print("-" * len(header))
    for workload in TIMED:
        sizes = sorted({c["rows"] for c in curves if c["workload"] == workload})
        previous = None
        for rows in sizes:
            cells = []
            for engine in ENGINES:
                median = lookup(curves, workload, rows, engine, "us_per_row")
                minimum = lookup(curves, workload, rows, engine, "min_us_per_row")
                cells.append(f"{median:.3f} ({minimum:.3f})" if median is not None else "n/a")
            osd = lookup(curves, workload, rows, "OpenSwiftData", "us_per_row")
            raw = lookup(curves, workload, rows, "raw", "us_per_row")
            steps = ["", ""]
            if previous is not None:
                for index, engine in enumerate(["raw", "OpenSwiftData"]):
                    step = ratio(lookup(curves, workload, rows, engine, "us_per_row"),
                                 lookup(curves, workload, previous, engine, "us_per_row"))
                    steps[index] = f"{step:.2f}" if step is not None else ""
            r = ratio(osd, raw)
            iterations = lookup(curves, workload, rows, "OpenSwiftData", "iterations")
            print(f"{workload:<18} {size_name(rows):>5} {cells[0]:>16} {cells[1]:>16} {cells[2]:>16} "
                  f"{(f'{r:.2f}' if r is not None else 'n/a'):>7} {steps[0]:>8} {steps[1]:>8} {iterations or '':>5}")
            previous = rows
    print()
    print("W7 peak resident memory in the measured region, MiB (bytes per row), median of 3 fresh processes")
    header = f"{'workload':<14} {'rows':>5} {'raw':>18} {'GRDB':>18} {'OSD':>18}"
    print(header)
    print("-" * len(header))
    for workload in MEMORY:
        for rows in sorted({p["rows"] for p in peaks if p["workload"] == workload}):
            cells = []
            for engine in ENGINES:
                peak = lookup(peaks, workload, rows, engine, "peak_bytes")
                per_row = lookup(peaks, workload, rows, engine, "bytes_per_row")
                cells.append(f"{peak / 2**20:.1f} ({per_row:.0f} B)" if peak is not None else "n/a")
            print(f"{workload:<14} {size_name(rows):>5} {cells[0]:>18} {cells[1]:>18} {cells[2]:>18}")
    print()
    for rule, holds, detail in verdicts:
        print(f"{'HOLDS' if holds else 'FAILS'}  {rule}: {detail}")
    print()
    total = sum(c["case_seconds"] for c in curves)
    print(f"Timed cases took {total / 60:.1f} min in all (fixtures, stores, warm-ups and checks included); by size: "
          + ", ".join(f"{size_name(rows)} {sum(c['case_seconds'] for c in curves if c['rows'] == rows) / 60:.1f} min"
                      for rows in sorted({c['rows'] for c in curves})))
    print(f"Load average (1/5/15 min) at start: {load_start}; at end: {load_end}")


def svg_plot(curves, peaks, path, subtitle):
    """Six panels, 3 x 2: the five timed workloads and W7's peak memory, log-log axes."""
    panel_w, panel_h, margin_l, margin_t, gap_x, gap_y = 300, 210, 62, 76, 84, 64
    width = margin_l + 3 * (panel_w + gap_x) + 10
    height = margin_t + 2 * (panel_h + gap_y) + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{margin_l}" y="22" font-size="15" font-weight="bold">Cost per row as the store grows: raw SQLite, GRDB, OpenSwiftData</text>',
           f'<text x="{margin_l}" y="40" fill="#555">{escape(subtitle)}</text>']
    panels = [(w, "µs per row (median)", [(e, "solid", [(c["rows"], c["us_per_row"]) for c in curves
                                                         if c["workload"] == w and c["engine"] == e]) for e in ENGINES])
              for w in TIMED]
    memory_series = []
    for w, dash in [("W7 fetch", "solid"), ("W7 enumerate", "dash")]:
        for e in ENGINES:
            points = [(p["rows"], p["peak_bytes"] / 2**20) for p in peaks if p["workload"] == w and p["engine"] == e]
            if points:
                memory_series.append((f"{e} {w.split()[1]}", dash, points, e))
    for index, (title, axis, series) in enumerate(panels):
        x0 = margin_l + (index % 3) * (panel_w + gap_x)
        y0 = margin_t + (index // 3) * (panel_h + gap_y)
        out += panel(x0, y0, panel_w, panel_h, title, axis, [(e, d, pts, e) for e, d, pts in series])
    x0, y0 = margin_l + 2 * (panel_w + gap_x), margin_t + (panel_h + gap_y)
    out += panel(x0, y0, panel_w, panel_h, "W7 peak memory (fetch solid, enumerate dashed)", "MiB in the measured region", memory_series)
    # Legend.
    ly = height - 16
    for i, engine in enumerate(ENGINES):
        lx = margin_l + i * 170
        out.append(f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 24}" y2="{ly - 4}" stroke="{COLOURS[engine]}" stroke-width="2.5"/>')
        out.append(f'<text x="{lx + 30}" y="{ly}">{"raw SQLite (C API)" if engine == "raw" else engine}</text>')
    out.append(f'<text x="{margin_l + 3 * 170}" y="{ly}" fill="#555">Both axes logarithmic; a flat line is a constant cost per row.</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def panel(x0, y0, w, h, title, axis, series):
    """One log-log panel: series is [(name, 'solid'|'dash', [(rows, value)], engine)]."""
    points = [(x, y) for _, _, pts, _ in series for x, y in pts if y > 0]
    out = [f'<text x="{x0}" y="{y0 - 8}" font-weight="bold">{escape(title)}</text>',
           f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="none" stroke="#999"/>']
    if not points:
        return out
    xs = [x for x, _ in points]
    lx_min, lx_max = math.log10(min(xs)), math.log10(max(xs))
    if lx_max == lx_min:
        lx_min, lx_max = lx_min - 0.5, lx_max + 0.5
    ly_min = math.floor(math.log10(min(y for _, y in points)) * 2) / 2
    ly_max = math.ceil(math.log10(max(y for _, y in points)) * 2) / 2
    if ly_max - ly_min < 1:
        ly_max = ly_min + 1
    pad = 14

    def px(x):
        return x0 + pad + (math.log10(x) - lx_min) / (lx_max - lx_min) * (w - 2 * pad)

    def py(y):
        return y0 + h - (math.log10(y) - ly_min) / (ly_max - ly_min) * h

    for rows in sorted(set(xs)):
        out.append(f'<line x1="{px(rows):.1f}" y1="{y0}" x2="{px(rows):.1f}" y2="{y0 + h}" stroke="#eee"/>')
        out.append(f'<text x="{px(rows):.1f}" y="{y0 + h + 14}" text-anchor="middle">{size_name(rows)}</text>')
    out.append(f'<text x="{x0 + w / 2}" y="{y0 + h + 28}" text-anchor="middle" fill="#555">rows</text>')
    decade = math.floor(ly_min)
    while decade <= ly_max:
        for mantissa in (1, 3):
            value = mantissa * 10 ** decade
            if ly_min <= math.log10(value) <= ly_max:
                y = py(value)
                out.append(f'<line x1="{x0}" y1="{y:.1f}" x2="{x0 + w}" y2="{y:.1f}" stroke="#eee"/>')
                out.append(f'<text x="{x0 - 4}" y="{y + 4:.1f}" text-anchor="end">{value:g}</text>')
        decade += 1
    out.append(f'<text x="{x0 - 42}" y="{y0 + h / 2}" text-anchor="middle" fill="#555" '
               f'transform="rotate(-90 {x0 - 42} {y0 + h / 2})">{escape(axis)}</text>')
    for _, dash, pts, engine in series:
        pts = sorted(p for p in pts if p[1] > 0)
        if not pts:
            continue
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
        dashing = ' stroke-dasharray="6 4"' if dash == "dash" else ""
        out.append(f'<polyline points="{path}" fill="none" stroke="{COLOURS[engine]}" stroke-width="2"{dashing}/>')
        for x, y in pts:
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="2.8" fill="{COLOURS[engine]}"/>')
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", required=True, help="JSON lines of `growth time` and `growth measure`")
    parser.add_argument("--json", required=True)
    parser.add_argument("--svg", required=True)
    parser.add_argument("--load-start", default="")
    args = parser.parse_args()
    timed, memory, apps = load(args.results)
    curves, peaks = summarise(timed, memory)
    app_entries = summarise_apps(apps)
    verdicts = check_rules(curves, peaks) + check_app_rules(app_entries)
    try:
        load_end = " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        load_end = ""
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    if app_entries:
        print_apps(app_entries)
    print_tables(curves, peaks, verdicts, args.load_start, load_end)
    sizes = sorted({c["rows"] for c in curves})
    svg_plot(curves, peaks, args.svg,
             f"Benchmarks/run --growth{' --10m' if 10_000_000 in sizes else ''}, {when}; median wall clock per row; "
             f"load average {args.load_start or '?'} at start, {load_end or '?'} at end (2 cores, shared)")
    with open(args.json, "w") as f:
        json.dump({"run": when, "load_start": args.load_start, "load_end": load_end, "step_limit": STEP_LIMIT,
                   "app_step_limit": APP_STEP_LIMIT, "app_cardshow_limit": APP_CARDSHOW_LIMIT,
                   "curves": curves, "memory": peaks, "apps": app_entries,
                   "rules": [{"rule": r, "holds": h, "detail": d} for r, h, d in verdicts]}, f, indent=1)
        f.write("\n")
    print(f"Wrote {args.json} and {args.svg}")
    # A failed rule is a finding, printed above, not a failed run.
    return 0


if __name__ == "__main__":
    sys.exit(main())
