import { Inject, Injectable } from '@nestjs/common';
import type { ScrapeDocument } from '@wh/contracts';
import { SignedFileUrls } from '@wh/platform/storage';
import { GatewayConfig } from '../gateway.config';

/**
 * Turns the stored-file references of scrape documents into signed, expiring URLs this gateway serves. Every reply
 * goes through the same team-scoped text replacement, so a reference is signed only for the team that owns it.
 */
@Injectable()
export class FileUrls {
  private readonly urls: SignedFileUrls;

  constructor(@Inject(GatewayConfig) config: GatewayConfig) {
    this.urls = new SignedFileUrls(config.FILES_URL_SECRET, config.PUBLIC_BASE_URL);
  }

  /** The document as JSON text, with the team's screenshot and PDF references replaced by their URLs. */
  documentJson(document: ScrapeDocument, teamId: string): string {
    return this.inDocumentsJson(JSON.stringify(document), teamId);
  }

  /** The document with the team's screenshot and PDF references replaced by their URLs. */
  inDocument(document: ScrapeDocument, teamId: string): ScrapeDocument {
    if (document.screenshot === undefined && document.actions === undefined) return document;
    return JSON.parse(this.documentJson(document, teamId)) as ScrapeDocument;
  }

  /** Documents as the crawl-scheduler stored them (JSON text), with the team's file references as URLs. */
  inDocumentsJson(json: string, teamId: string): string {
    return this.urls.inJson(json, teamId);
  }
}
