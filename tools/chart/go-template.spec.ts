import { TemplateError, TemplateFailure, TemplateSet } from './go-template';

function render(source: string, dot: unknown = {}, helpers = ''): string {
  return new TemplateSet({ 'helpers.tpl': helpers, 'file.yaml': source }).render('file.yaml', dot);
}

// Go's text/template behaviour the chart relies on, so the chart check renders what helm would.
describe('the Go template subset', () => {
  it('trims whitespace on the marked side of an action only', () => {
    expect(render('a  {{- "b" }}  c\n{{ "d" -}}\n  e')).toBe('ab  c\nde');
  });

  it('takes if / else if / else branches by Go truthiness', () => {
    const source = '{{ if .a }}a{{ else if .b }}b{{ else }}none{{ end }}';
    expect(render(source, { a: [1] })).toBe('a');
    expect(render(source, { a: [], b: { k: 1 } })).toBe('b');
    expect(render(source, { a: 0, b: {}, c: '' })).toBe('none');
  });

  it('ranges over maps in key order and over lists with index, with dot set to the item', () => {
    expect(render('{{ range $k, $v := .m }}{{ $k }}={{ . }};{{ end }}', { m: { b: 2, a: 1 } })).toBe('a=1;b=2;');
    expect(
      render('{{ range $i, $v := .l }}{{ $i }}{{ $v }}{{ end }}{{ range .none }}x{{ else }}empty{{ end }}', {
        l: ['x', 'y'],
      }),
    ).toBe('0x1yempty');
  });

  it('moves dot into with, and keeps $ as the root', () => {
    expect(render('{{ with .a }}{{ .b }}{{ $.c }}{{ end }}', { a: { b: 1 }, c: 2 })).toBe('12');
  });

  it('scopes declarations to their block and lets = assign an outer variable', () => {
    expect(render('{{ $x := 1 }}{{ if true }}{{ $x = 2 }}{{ $y := 3 }}{{ end }}{{ $x }}')).toBe('2');
    expect(() => render('{{ if true }}{{ $y := 3 }}{{ end }}{{ $y }}')).toThrow(/undefined variable \$y/);
  });

  it('returns the deciding operand of and / or, without evaluating the rest', () => {
    expect(render('{{ or .a "fallback" }}|{{ and .a .a.b }}|{{ and .c .d }}', { c: 'c', d: 'd' })).toBe('fallback||d');
  });

  it('reads (x).field as a field of the group and (x) .field as another argument', () => {
    const helpers = '{{- define "m" -}}{{ .k }}{{- end -}}';
    expect(render('{{ (dict "k" "v").k }}', {}, helpers)).toBe('v');
    expect(render('{{ contains (include "m" .) .s }}', { k: 'ab', s: 'xaby' }, helpers)).toBe('true');
    expect(render('{{ contains (include "m" .) .s }}', { k: 'ab', s: 'zz' }, helpers)).toBe('false');
  });

  it('pipes into the last argument, and includes defines with their own $', () => {
    const helpers = '{{- define "name" -}}{{ .n | trunc 3 | upper }}-{{ $.n }}{{- end -}}';
    expect(render('{{ include "name" (dict "n" "webharvest") | quote }}', {}, helpers)).toBe('"WEB-webharvest"');
  });

  it('renders toYaml and nindent as Helm lays them out', () => {
    expect(render('x:{{ toYaml .v | nindent 2 }}', { v: { a: [1, 2] } })).toBe('x:\n  a:\n    - 1\n    - 2');
  });

  it('raises fail as a chart refusal, and an unknown function as an error of the renderer', () => {
    expect(() => render('{{ fail "set database.url" }}')).toThrow(TemplateFailure);
    expect(() => render('{{ sha256sum "x" }}')).toThrow(TemplateError);
    expect(() => render('{{ if true }}')).toThrow(/not closed/);
  });
});
