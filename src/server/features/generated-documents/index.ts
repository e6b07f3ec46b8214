/** Generated papers, as other features use them: the letterhead a quote prints with. */
export { letterheadForPrint } from './letterhead';
