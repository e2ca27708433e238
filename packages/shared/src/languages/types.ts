export type Region = 'Africa' | 'Americas' | 'Asia' | 'Europe' | 'Oceania';

export interface LanguageRecord {
  code: string;
  name: string;
  nativeName: string;
  script: string;
  region: Region;
}
