// XML from a network (CJ's Link Search answers in XML), parsed so that hostile input cannot reach outside the
// document or blow up in memory: a DOCTYPE (and with it every DTD, external entity and entity definition: XXE,
// "billion laughs") is refused before parsing, the parser expands no entities at all, and only the five
// predefined entities and numeric character references are decoded, once, in text values.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { NetworkError } from './http';

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the predefined entities and numeric references of one text value; anything else stays as written. */
export function decodeXmlText(text: string): string {
  return text.replace(
    /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/g,
    (whole, hex, dec, name) => {
      if (name) return PREDEFINED[name as string] ?? whole;
      const code = hex ? Number.parseInt(hex as string, 16) : Number(dec);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Elements that may repeat are always arrays, so one link and many links read the same.
  isArray: (name) => name === 'link',
  tagValueProcessor: (_name, value) => decodeXmlText(value),
  attributeValueProcessor: (_name, value) => decodeXmlText(value),
});

/** Parses a network's XML answer; throws NetworkError for a DOCTYPE or a malformed document. */
export function parseNetworkXml(network: string, text: string): Record<string, unknown> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new NetworkError(`${network} answered XML with a DOCTYPE or entity declarations; refused (XXE)`);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new NetworkError(`${network} answered malformed XML (line ${valid.err.line}: ${valid.err.msg})`);
  }
  const parsed: unknown = parser.parse(text);
  if (typeof parsed !== 'object' || parsed === null) throw new NetworkError(`${network} answered empty XML`);
  return parsed as Record<string, unknown>;
}
