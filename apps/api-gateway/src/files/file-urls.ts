import { Inject, Injectable } from '@nestjs/common';
import { type ActionOutputs, parseStoredFileRef, type ScrapeDocument } from '@wh/contracts';
import { signObjectKey } from '@wh/platform/storage';
import { GatewayConfig } from '../gateway.config';

/** Turns the stored-file references of scrape documents into signed, expiring URLs this gateway serves. */
@Injectable()
export class FileUrls {
  constructor(@Inject(GatewayConfig) private readonly config: GatewayConfig) {}

  signedUrl(reference: string): string {
    const file = parseStoredFileRef(reference);
    if (!file) return reference;
    const signature = signObjectKey(this.config.FILES_URL_SECRET, file.key, file.expiresAt);
    const path = file.key.split('/').map(encodeURIComponent).join('/');
    return `${this.config.PUBLIC_BASE_URL}/v2/files/${path}?expires=${file.expiresAt}&signature=${signature}`;
  }

  /** The document with every screenshot and PDF reference replaced by its URL. */
  inDocument(document: ScrapeDocument): ScrapeDocument {
    const signed: ScrapeDocument = { ...document };
    if (document.screenshot) signed.screenshot = this.signedUrl(document.screenshot);
    if (document.actions) signed.actions = this.inActions(document.actions);
    return signed;
  }

  private inActions(actions: ActionOutputs): ActionOutputs {
    return {
      ...actions,
      screenshots: actions.screenshots.map((reference) => this.signedUrl(reference)),
      pdfs: actions.pdfs.map((reference) => this.signedUrl(reference)),
    };
  }
}
