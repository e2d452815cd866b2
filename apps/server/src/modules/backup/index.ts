/**
 * The backup module's public entry: the `pigo backup` and `pigo restore` commands and their
 * errors, the control socket a running server answers on, the command line's way of opening
 * the database, and one user's export, which the transfer module writes in the page's formats.
 * Other files import this module only through here (ESLint enforces it).
 */
export {
  backupCommand,
  config,
  outputFile,
  readUserExport,
  requireDatabase,
  restoreCommand,
} from './backup.commands.ts';
export { BackupFileError } from './backup.format.ts';
export { RestoreRefusedError } from './backup.restore.ts';
export { writeFileAtomically } from './backup.writer.ts';
export { importUserBlockedLine, openCommandDatabase, UsageError } from './cli-database.ts';
export { ControlSocketError } from './control-client.ts';
export { startControlServer, type ControlServer } from './control-server.ts';
export {
  exportUser,
  UnknownUserError,
  type ExportedTitle,
  type UserExport,
} from './user-export.ts';
