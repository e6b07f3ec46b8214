/**
 * The ECB's daily reference-rate file as published (single-quoted attributes, tabs), for tests: the 26 April 2023
 * values quoted in issue 38 and ../shared/standards/exchange-rates (USD 1.0965, JPY 147.79, GBP 0.87980, CHF 0.9784).
 */
export const ecbFile = (days: { date: string; rates: [string, string][] }[]): string => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${days.map((d) => `\t\t<Cube time='${d.date}'>\n${d.rates.map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`).join('\n')}\n\t\t</Cube>`).join('\n')}
\t</Cube>
</gesmes:Envelope>`;

export const APRIL_26_2023: [string, string][] = [['USD', '1.0965'], ['JPY', '147.79'], ['GBP', '0.87980'], ['CHF', '0.9784']];
export const ECB_DAILY_2023_04_26 = ecbFile([{ date: '2023-04-26', rates: APRIL_26_2023 }]);
