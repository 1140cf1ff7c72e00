// Files household members upload in Matrix: the first plugin file handler that accepts one gets its bytes.
import type { FileContext, FileHandler, IncomingFile } from '../contracts/contributions.ts';
import type { Registry } from '../contracts/registry.ts';

/** Uploads larger than this are refused before download (statements and receipts are far smaller). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export class FileUploads {
  constructor(
    private readonly handlers: Registry<FileHandler>,
    private readonly download: (mxcUrl: string) => Promise<Buffer>,
  ) {}

  /** The m.file content as a handler sees it, or undefined for anything else (encrypted files carry no plain url). */
  static incoming(
    content: Readonly<Record<string, unknown>>,
    scope: string[],
    workspace: string | null,
  ): IncomingFile | undefined {
    if (content.msgtype !== 'm.file' || typeof content.url !== 'string') return undefined;
    const filename = String(content.filename ?? content.body ?? 'file').slice(0, 200);
    // Matrix 1.10 media captions: with a filename given, a different body is the sender's caption
    const caption =
      typeof content.filename === 'string' &&
      typeof content.body === 'string' &&
      content.body !== content.filename
        ? content.body.slice(0, 500)
        : undefined;
    const info = (content.info && typeof content.info === 'object' ? content.info : {}) as Record<
      string,
      unknown
    >;
    return {
      filename,
      ...(caption ? { caption } : {}),
      mimetype: typeof info.mimetype === 'string' ? info.mimetype : undefined,
      size: typeof info.size === 'number' ? info.size : undefined,
      scope,
      workspace,
    };
  }

  /** The handler that takes this file, if any. */
  handlerFor(file: IncomingFile): FileHandler | undefined {
    return this.handlers.list().find((h) => h.accepts(file));
  }

  /** Downloads the file and hands it over; the handler's answer is what the bot says. */
  async deliver(handler: FileHandler, url: string, file: IncomingFile, ctx: FileContext): Promise<string> {
    if ((file.size ?? 0) > MAX_FILE_BYTES)
      return `That file is too large for me (over ${MAX_FILE_BYTES / 1024 / 1024} MB).`;
    const data = await this.download(url);
    if (data.length > MAX_FILE_BYTES)
      return `That file is too large for me (over ${MAX_FILE_BYTES / 1024 / 1024} MB).`;
    return handler.handle(data, file, ctx);
  }
}
