/**
 * The transfer module's public entry: the Import & export routes, the `pigo import-user` and
 * `pigo export-user` commands and the import's file error, and the service (which the bench
 * measures). Other files import this module only through here (ESLint enforces it).
 */
export { exportUserCommand, importUserCommand } from './transfer.commands.ts';
export { ImportFileError } from './transfer.parse.ts';
export { transferRoutes } from './transfer.routes.ts';
export { TransferService } from './transfer.service.ts';
