/**
 * Excel's "quote prefix" cell style (ECMA-376 Part 1, §18.8.45 `xf/@quotePrefix`): the cell is
 * text, shows no apostrophe, and Excel keeps it text when someone edits it, where an
 * unstyled "=1+2" string cell would become a formula on the first Enter.
 *
 * exceljs 4.4 cannot write it: its style model has no such field and its `xf` writer names
 * only numFmt, font, fill, border, alignment and protection (exceljs pull request 2809 adds it
 * and is not merged). This file teaches its two style classes one more field, once, when the
 * export module is first loaded. `exportList.test.ts` unzips a written file and reads the
 * attribute in xl/styles.xml, so an exceljs upgrade that changes these internals fails there.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type XmlStream = { openNode(name: string, attributes?: Record<string, unknown>): void };
type StyleModel = Record<string, unknown> & { quotePrefix?: boolean };
type StyleXformProto = { render(xmlStream: XmlStream, model: StyleModel): void };
type StylesXformProto = {
  addStyleModel(model: StyleModel | undefined, cellType?: number): number;
  _addStyle(style: StyleModel): number;
  weakMap?: WeakMap<object, number>;
};

/** The cell style that marks a text cell as quote-prefixed. */
export const QUOTE_PREFIX = 'quotePrefix';

let installed = false;

export function installQuotePrefix(): void {
  if (installed) return;
  installed = true;
  const StyleXform: {
    prototype: StyleXformProto;
  } = require('exceljs/lib/xlsx/xform/style/style-xform');
  const StylesXform: {
    prototype: StylesXformProto;
  } = require('exceljs/lib/xlsx/xform/style/styles-xform');

  const render = StyleXform.prototype.render;
  StyleXform.prototype.render = function renderWithQuotePrefix(xmlStream, model) {
    if (!model?.quotePrefix) return render.call(this, xmlStream, model);
    // The attribute belongs on the <xf> element itself, which render opens first.
    const openNode = xmlStream.openNode;
    xmlStream.openNode = function openXf(name, attributes) {
      xmlStream.openNode = openNode;
      openNode.call(this, name, { ...attributes, quotePrefix: '1' });
    };
    try {
      render.call(this, xmlStream, model);
    } finally {
      xmlStream.openNode = openNode;
    }
  };

  const addStyleModel = StylesXform.prototype.addStyleModel;
  StylesXform.prototype.addStyleModel = function addStyleModelWithQuotePrefix(model, cellType) {
    if (!model?.quotePrefix) return addStyleModel.call(this, model, cellType);
    const addStyle = this._addStyle;
    this._addStyle = (style) => addStyle.call(this, { ...style, quotePrefix: true });
    try {
      return addStyleModel.call(this, model, cellType);
    } finally {
      // Back to the prototype's own method.
      delete (this as Partial<StylesXformProto>)._addStyle;
    }
  };
}
