// The error codes the notepad plugin raises, added to Quorra's catalogue so that `fail.*` accepts them.

export const notepadErrors = {
  REMEMBER_FAILED: { status: 422, says: 'a note could not be remembered' },
} as const;

type NotepadErrors = typeof notepadErrors;

declare module 'quorra/plugin' {
  interface ErrorCatalogue extends NotepadErrors {}
}
