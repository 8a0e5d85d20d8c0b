// Lints planted sources with the project's ESLint config, in one process so that the TypeScript
// program behind the type-aware rules is built once for all of them (see lint-probe.ts).
// stdin: [{ filePath, source }]; stdout: for each, the ids of the rules it breaks, in line order.
import { ESLint } from 'eslint';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const answers = [];
for (const { filePath, source } of JSON.parse(input)) {
  const [result] = await eslint.lintText(source, { filePath });
  answers.push(result.messages.map((message) => message.ruleId ?? `parse-error: ${message.message}`));
}
process.stdout.write(JSON.stringify(answers));
