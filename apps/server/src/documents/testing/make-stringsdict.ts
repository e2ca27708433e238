/** One `.stringsdict` entry: a format with one plural variable. Values are written as given (XML). */
export interface PluralEntry {
  key: string;
  /** A comment line written above the entry. */
  comment?: string;
  format: string;
  variable: string;
  /** `NSStringFormatValueTypeKey`: `d`, `lld`… */
  valueType: string;
  /** Category → string, in the order they are written. */
  categories: Readonly<Record<string, string>>;
}

/** A `.stringsdict` laid out as Xcode writes one (tabs, Apple's doctype). */
export function makeStringsdict(entries: readonly PluralEntry[]): string {
  const lines = entries.flatMap((entry) => [
    ...(entry.comment ? [`\t<!-- ${entry.comment} -->`] : []),
    `\t<key>${entry.key}</key>`,
    '\t<dict>',
    '\t\t<key>NSStringLocalizedFormatKey</key>',
    `\t\t<string>${entry.format}</string>`,
    `\t\t<key>${entry.variable}</key>`,
    '\t\t<dict>',
    '\t\t\t<key>NSStringFormatSpecTypeKey</key>',
    '\t\t\t<string>NSStringPluralRuleType</string>',
    '\t\t\t<key>NSStringFormatValueTypeKey</key>',
    `\t\t\t<string>${entry.valueType}</string>`,
    ...Object.entries(entry.categories).flatMap(([category, text]) => [
      `\t\t\t<key>${category}</key>`,
      `\t\t\t<string>${text}</string>`,
    ]),
    '\t\t</dict>',
    '\t</dict>',
  ]);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    ...lines,
    '</dict>',
    '</plist>',
    '',
  ].join('\n');
}
