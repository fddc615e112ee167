import type TurndownService from 'turndown';

const DEFINITION_INDENT = '    ';

function previousElementName(node: HTMLElement): string | undefined {
  return node.previousElementSibling?.nodeName;
}

/**
 * Definition lists in the syntax of PHP Markdown Extra and Pandoc (GFM has none): each term on its own line, each
 * definition under it after ": ", continuation lines indented, a blank line between one term group and the next.
 */
export function addDefinitionListRules(service: TurndownService): void {
  service.addRule('definitionList', {
    filter: 'dl',
    replacement: (content) => (content.trim() ? `\n\n${content.trim()}\n\n` : ''),
  });
  service.addRule('definitionTerm', {
    filter: 'dt',
    replacement: (content, node) => {
      const term = content.replace(/\s*\n+\s*/g, ' ').trim();
      if (!term) return '';
      return `${previousElementName(node) === 'DD' ? '\n\n' : '\n'}${term}\n`;
    },
  });
  service.addRule('definitionDescription', {
    filter: 'dd',
    replacement: (content) => {
      const body = content.replace(/^\n+|\n+$/g, '').replace(/\n(?=[^\n])/g, `\n${DEFINITION_INDENT}`);
      return body.trim() ? `\n: ${body}\n` : '';
    },
  });
}
