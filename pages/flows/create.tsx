/**
 * /flows/create edits a new tour in memory; its first save creates it and moves the address to
 * /flows/{id}. Both routes render the very same page component, so the editor (its draft and undo
 * history) stays mounted across that move.
 */
export { default } from './[id]';
