import { Inject, Injectable } from '@nestjs/common';
import type { ActionOutputs, ScrapeDocument } from '@wh/contracts';
import { SignedFileUrls } from '@wh/platform/storage';
import { GatewayConfig } from '../gateway.config';

/** Turns the stored-file references of scrape documents into signed, expiring URLs this gateway serves. */
@Injectable()
export class FileUrls {
  private readonly urls: SignedFileUrls;

  constructor(@Inject(GatewayConfig) config: GatewayConfig) {
    this.urls = new SignedFileUrls(config.FILES_URL_SECRET, config.PUBLIC_BASE_URL);
  }

  private signedUrl(reference: string): string {
    return this.urls.ofReference(reference);
  }

  /** The document with every screenshot and PDF reference replaced by its URL. */
  inDocument(document: ScrapeDocument): ScrapeDocument {
    const signed: ScrapeDocument = { ...document };
    if (document.screenshot) signed.screenshot = this.signedUrl(document.screenshot);
    if (document.actions) signed.actions = this.inActions(document.actions);
    return signed;
  }

  /** Documents as the crawl-scheduler stored them (JSON text), with the team's file references as URLs. */
  inDocumentsJson(json: string, teamId: string): string {
    return this.urls.inJson(json, teamId);
  }

  private inActions(actions: ActionOutputs): ActionOutputs {
    return {
      ...actions,
      screenshots: actions.screenshots.map((reference) => this.signedUrl(reference)),
      pdfs: actions.pdfs.map((reference) => this.signedUrl(reference)),
    };
  }
}
