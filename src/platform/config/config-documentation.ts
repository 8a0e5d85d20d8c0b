import { settingDescription, sliceTitle, type ConfigSliceType } from './config-slice';
import { sliceVariables } from './configuration';

/** Where the README's generated configuration tables begin and end. */
export const CONFIGURATION_TABLES_START =
  "<!-- configuration tables: generated from each slice's @Setting by `npm run config:docs`; do not edit by hand -->";
export const CONFIGURATION_TABLES_END = '<!-- end of configuration tables -->';

/** A variable's cell in the Default column: `(required)`, `empty` or the value in code. */
export function defaultCell(slice: ConfigSliceType, variable: string): string {
  const value: unknown = Reflect.get(new slice(), variable);
  if (value === undefined) return '(required)';
  if (value === '') return 'empty';
  return `\`${String(value)}\``;
}

/** The variables of `slices` that no `@Setting` documents, as `Slice.VARIABLE`. */
export function undocumentedVariables(slices: readonly ConfigSliceType[]): string[] {
  return slices.flatMap((slice) =>
    sliceVariables(slice)
      .filter((variable) => !settingDescription(slice, variable))
      .map((variable) => `${slice.name}.${variable}`),
  );
}

/**
 * The README's configuration tables, one per slice in the order given: a heading with the
 * slice's title and file, then each variable's name, default and description.
 */
export function configurationTables(slices: readonly ConfigSliceType[]): string {
  const sections = slices.map((slice) => {
    const { title, file } = sliceTitle(slice);
    const rows = sliceVariables(slice).map((variable) => {
      const description = (settingDescription(slice, variable) ?? '').replace(/\|/g, '\\|');
      return `| \`${variable}\` | ${defaultCell(slice, variable)} | ${description} |`;
    });
    return [
      `### ${title}`,
      '',
      `Declared in \`${file}\`.`,
      '',
      '| Variable | Default | Meaning |',
      '|---|---|---|',
      ...rows,
    ].join('\n');
  });
  return [CONFIGURATION_TABLES_START, '', sections.join('\n\n'), '', CONFIGURATION_TABLES_END].join('\n');
}

/** `readme` with its generated configuration tables replaced by `tables`; throws when the markers are missing. */
export function withConfigurationTables(readme: string, tables: string): string {
  const start = readme.indexOf(CONFIGURATION_TABLES_START);
  const end = readme.indexOf(CONFIGURATION_TABLES_END);
  if (start < 0 || end < start) {
    throw new Error('README.md has no generated configuration tables: put the two markers under "## Configuration"');
  }
  return readme.slice(0, start) + tables + readme.slice(end + CONFIGURATION_TABLES_END.length);
}
