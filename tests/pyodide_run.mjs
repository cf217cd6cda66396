// Runs xlfuncs' Lite main.py in real Pyodide under node, as xlwings' Wasm runtime runs it.
//
// usage: node pyodide_run.mjs PYODIDE_DIR XLWINGS_WHEEL JOB.json
//
// JOB.json: {"bundles": {label: path of a main.py}, "calls": [[name, args], ...],
//            "timed": [[[name, args], ...], ...]}
// (timed, for benchmarks: rounds of calls, each timed after the calls were made once)
// Prints one JSON line: {"pyodide": version, "boot_s": ..., "bundles": {label: {"meta": ...,
// "results": [...], "seconds": [...], "cpu_seconds": [...]}}}: each timed round's wall time
// and the CPU time this process took in it (process.cpuUsage, user and system).
//
// Pyodide boots from the npm package's own files (no network). The xlwings wheel is a
// pure-Python wheel: it is unpacked into site-packages with Pyodide's unpackArchive, which
// is what micropip does with such a wheel once it has it. Each main.py is executed from its
// text into a module named "main" (xlwings-server's wasm_runtime.py,
// create_module_from_string), registered with xlwings.server.custom_functions_meta and
// called with xlwings.server.custom_functions_call on a JavaScript object converted with
// to_py(), as wasm_runtime.py's custom_functions_call does: so JavaScript null arrives as
// Pyodide's version makes it (None, or jsnull from Pyodide 0.28 on).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, jobPath] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobPath, "utf8"));
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const start = performance.now();
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {}, stderr: () => {} });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
const bootSeconds = (performance.now() - start) / 1000;

await py.runPythonAsync(`
import importlib.util, json, os, sys, time
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
os.environ["XLWINGS_ON_SERVER"] = "true"  # as the Wasm runtime sets it before importing xlwings
import xlwings as xw
from xlwings.server import custom_functions_call, custom_functions_meta


def load(source):
    spec = importlib.util.spec_from_loader("main", loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, "main.py", "exec"), module.__dict__)
    sys.modules["main"] = module
    return module


def envelope(name, args):
    return {"func_name": name, "args": args, "client": "Office.js", "version": xw.__version__,
            "runtime": "1.4", "culture_info_name": "en-US", "date_format": "M/d/yyyy",
            "caller_address": None}


async def call(module, name, args):
    try:
        result = await custom_functions_call(envelope(name, args.to_py()), module)
        return json.loads(json.dumps(result, default=repr))
    except Exception as exc:
        return {"python exception": f"{type(exc).__name__}: {exc}"}
`);

const call = py.globals.get("call");
const load = py.globals.get("load");
const meta = py.globals.get("custom_functions_meta");
const report = { pyodide: py.version, boot_s: bootSeconds, bundles: {} };
for (const [label, path] of Object.entries(job.bundles)) {
  const module = load(readFileSync(path, "utf8"));
  const registered = meta(module).toJs({ dict_converter: Object.fromEntries });
  const calls = job.calls;
  const results = [];
  for (const [name, args] of calls) {
    const out = await call(module, name, args);
    results.push(out.toJs({ dict_converter: Object.fromEntries }));
    out.destroy?.();
  }
  const seconds = [];
  const cpuSeconds = [];
  for (const round of job.timed ?? []) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    for (const [name, args] of round) {
      const out = await call(module, name, args);
      out.destroy?.();
    }
    const used = process.cpuUsage(cpu);
    seconds.push((performance.now() - t) / 1000);
    cpuSeconds.push((used.user + used.system) / 1e6);
  }
  report.bundles[label] = { meta: registered, results, seconds, cpu_seconds: cpuSeconds };
}
process.stdout.write(JSON.stringify(report) + "\n");
