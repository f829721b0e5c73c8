// Runs tests/glue_scenarios.py, tests/glue_scenarios_rules.py and every other
// tests/glue_scenarios_*.py (in name order) under the site's own MicroPython (the npm package the
// build copies), with the page glue's pure modules in its file system and the try-it boards' JSON
// (written by tests/test_glue.py). Prints "passed <names>" or the Python error. Usage: node tests/micropython_glue.mjs <repository root> <boards.json>
import fs from "node:fs";
import path from "node:path";

const root = process.argv[2];
const { loadMicroPython } = await import(
    path.join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs")
);
const output = [];
const mp = await loadMicroPython({ stdout: (line) => output.push(line), stderr: (line) => output.push(line) });
mp.FS.mkdir("/glue");
const glue = path.join(root, "web/app/glue");
for (const name of fs.readdirSync(glue)) {
    if (name.endsWith(".py")) mp.FS.writeFile(`/glue/${name}`, fs.readFileSync(path.join(glue, name)));
}
const others = fs.readdirSync(path.join(root, "tests"))
    .filter((name) => /^glue_scenarios_\w+\.py$/.test(name) && name !== "glue_scenarios_rules.py")
    .sort()
    .map((name) => name.slice(0, -3));
for (const name of ["glue_scenarios", "glue_scenarios_rules", ...others]) {
    mp.FS.writeFile(`/${name}.py`, fs.readFileSync(path.join(root, "tests", `${name}.py`)));
}
mp.FS.writeFile("/tryit_boards.json", fs.readFileSync(process.argv[3]));
try {
    mp.runPython(
        "import sys\nsys.path.insert(0, '/')\nimport glue_scenarios_rules\n" +
            "glue_scenarios_rules.load_boards('/tryit_boards.json')\n" +
            "names = []\n" +
            `for module in ["glue_scenarios", "glue_scenarios_rules"] + ${JSON.stringify(others)}:\n` +
            "    module = __import__(module)\n" +
            "    for name in sorted(dir(module)):\n" +
            "        if name.startswith('scenario_'):\n" +
            "            getattr(module, name)()\n" +
            "            names.append(name)\n" +
            "print('passed', ' '.join(names))",
    );
} catch (error) {
    output.push(`${error.type}: ${error.message}`);
}
console.log(output.join("\n"));
