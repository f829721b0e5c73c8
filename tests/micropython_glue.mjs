// Runs tests/glue_scenarios.py under the site's own MicroPython (the npm package the build
// copies), with the page glue's pure modules in its file system. Prints "passed <names>" or
// the Python error. Usage: node tests/micropython_glue.mjs <repository root>
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
mp.FS.writeFile("/glue_scenarios.py", fs.readFileSync(path.join(root, "tests/glue_scenarios.py")));
try {
    mp.runPython("import sys\nsys.path.insert(0, '/')\nimport glue_scenarios\nprint('passed', ' '.join(glue_scenarios.run_all()))");
} catch (error) {
    output.push(`${error.type}: ${error.message}`);
}
console.log(output.join("\n"));
