/*
 * The formatting module is app/domain/formatting.ts, shared with the server;
 * this name stays so that branches written before the move keep building.
 */
export * from '@domain/formatting'
