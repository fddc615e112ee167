import { html, type Token, type TreeAdapter, type TreeAdapterTypeMap } from 'parse5';

/** The node types of a jsdom document, as parse5 names them. */
export type JsdomTree = TreeAdapterTypeMap<
  Node,
  ParentNode,
  ChildNode,
  Document,
  DocumentFragment,
  Element,
  Comment,
  Text,
  HTMLTemplateElement,
  DocumentType
>;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const COMMENT_NODE = 8;
const DOCUMENT_TYPE_NODE = 10;

/**
 * parse5 tree adapter that builds into a jsdom document through the DOM API.
 *
 * Why not jsdom's own parser: parse5 hands text over one word at a time (it splits on every whitespace change) and
 * jsdom appends each piece to the text node with the full mutation machinery, which costs as much as all elements
 * together on an article. Here consecutive text for the same parent is buffered and becomes one text node; the tree
 * itself is still built by parse5's spec-conformant algorithm.
 *
 * Expects names jsdom accepts (see NonContentStripper); it does not guard createElement/setAttribute.
 */
export class JsdomTreeAdapter implements TreeAdapter<JsdomTree> {
  private pendingParent: ParentNode | undefined;
  private pendingText = '';
  private mode = html.DOCUMENT_MODE.NO_QUIRKS;

  constructor(private readonly document: Document) {}

  /** Writes out text still buffered; call once parsing has ended. */
  finish(): void {
    const parent = this.pendingParent;
    if (!parent) return;
    this.pendingParent = undefined;
    const last = parent.lastChild;
    if (last?.nodeType === TEXT_NODE) (last as Text).appendData(this.pendingText);
    else parent.appendChild(this.document.createTextNode(this.pendingText));
    this.pendingText = '';
  }

  insertText(parentNode: ParentNode, text: string): void {
    if (this.pendingParent !== parentNode) {
      this.finish();
      this.pendingParent = parentNode;
    }
    this.pendingText += text;
  }

  insertTextBefore(parentNode: ParentNode, text: string, referenceNode: ChildNode): void {
    this.finish();
    const previous = referenceNode.previousSibling;
    if (previous?.nodeType === TEXT_NODE) (previous as Text).appendData(text);
    else parentNode.insertBefore(this.document.createTextNode(text), referenceNode);
  }

  appendChild(parentNode: ParentNode, newNode: ChildNode): void {
    this.finish();
    parentNode.appendChild(newNode);
  }

  insertBefore(parentNode: ParentNode, newNode: ChildNode, referenceNode: ChildNode): void {
    this.finish();
    parentNode.insertBefore(newNode, referenceNode);
  }

  detachNode(node: ChildNode): void {
    this.finish();
    node.remove();
  }

  getChildNodes(node: ParentNode): ChildNode[] {
    this.finish();
    return Array.from(node.childNodes);
  }

  getFirstChild(node: ParentNode): ChildNode | null {
    this.finish();
    return node.firstChild;
  }

  getParentNode(node: Node): ParentNode | null {
    this.finish();
    return node.parentNode;
  }

  getTextNodeContent(textNode: Text): string {
    this.finish();
    return textNode.data;
  }

  createDocument(): Document {
    return this.document;
  }

  createDocumentFragment(): DocumentFragment {
    return this.document.createDocumentFragment();
  }

  createElement(tagName: string, namespaceURI: html.NS, attrs: Token.Attribute[]): Element {
    const element =
      namespaceURI === html.NS.HTML
        ? this.document.createElement(tagName)
        : this.document.createElementNS(namespaceURI, tagName);
    this.adoptAttributes(element, attrs);
    return element;
  }

  adoptAttributes(recipient: Element, attrs: Token.Attribute[]): void {
    for (const { name, value, namespace, prefix } of attrs) {
      if (namespace) recipient.setAttributeNS(namespace, prefix ? `${prefix}:${name}` : name, value);
      else if (!recipient.hasAttribute(name)) recipient.setAttribute(name, value);
    }
  }

  createCommentNode(data: string): Comment {
    return this.document.createComment(data);
  }

  createTextNode(value: string): Text {
    return this.document.createTextNode(value);
  }

  // jsdom gives every <template> its own content fragment; parse5's one is not needed.
  setTemplateContent(): void {}

  getTemplateContent(templateElement: HTMLTemplateElement): DocumentFragment {
    return templateElement.content;
  }

  setDocumentType(document: Document, name: string, publicId: string, systemId: string): void {
    this.finish();
    document.appendChild(document.implementation.createDocumentType(name, publicId, systemId));
  }

  setDocumentMode(_document: Document, mode: html.DOCUMENT_MODE): void {
    this.mode = mode;
  }

  getDocumentMode(): html.DOCUMENT_MODE {
    return this.mode;
  }

  getAttrList(element: Element): Token.Attribute[] {
    return Array.from(element.attributes, ({ name, value }) => ({ name, value }));
  }

  getTagName(element: Element): string {
    return element.localName;
  }

  getNamespaceURI(element: Element): html.NS {
    return element.namespaceURI as html.NS;
  }

  getCommentNodeContent(commentNode: Comment): string {
    return commentNode.data;
  }

  getDocumentTypeNodeName(doctypeNode: DocumentType): string {
    return doctypeNode.name;
  }

  getDocumentTypeNodePublicId(doctypeNode: DocumentType): string {
    return doctypeNode.publicId;
  }

  getDocumentTypeNodeSystemId(doctypeNode: DocumentType): string {
    return doctypeNode.systemId;
  }

  isTextNode(node: Node): node is Text {
    return node.nodeType === TEXT_NODE;
  }

  isCommentNode(node: Node): node is Comment {
    return node.nodeType === COMMENT_NODE;
  }

  isDocumentTypeNode(node: Node): node is DocumentType {
    return node.nodeType === DOCUMENT_TYPE_NODE;
  }

  isElementNode(node: Node): node is Element {
    return node.nodeType === ELEMENT_NODE;
  }

  // Source locations are never requested (sourceCodeLocationInfo stays off).
  setNodeSourceCodeLocation(): void {}

  getNodeSourceCodeLocation(): undefined {
    return undefined;
  }

  updateNodeSourceCodeLocation(): void {}
}
