#!/usr/bin/env python3
"""Writes GPX and KML documents built from random XML constructs around a readable track (Fuzz/grammar.sh).

A grammar-based companion to the GPXWellFormed libFuzzer target: where libFuzzer mutates bytes, this builds
whole constructs (XML declarations, DOCTYPEs, comments, processing instructions, CDATA, references, names with
colons and characters past ASCII, namespace declarations, attributes) and so reaches shapes that byte
mutation seldom does. Each choice is valid most of the time and risky with probability RISK, so that many
documents stay one mistake away from well-formed.

Usage: gpx_grammar.py SEED COUNT DIR [RISK]    (RISK defaults to 0.05; the same SEED writes the same files)
"""
import os
import random
import sys


class Grammar:
    """Random documents from one seed."""

    SPACE = [' ', '\n', '\t', '\r', '\r\n', '  ']
    NAME_CHARS = ['a', 'b', 'x', 'X', '_', ':', '-', '.', '1', '\u00b7', '\u00e9', '\u0300',
                  '\u203f', '\u2070', '\u037e', '\u037f', '\u00d7', '\u00f7', '\ufffd', '\U00010000', '\u3000',
                  '\u0e01', '\u2040', '\u200c', '\u200d', '\u2190', '\u2c00', '\u3001', '\uf900', '\ufdd0', '\ufdf0']
    SAFE_TEXT = ['a', ' ', '>', '&amp;', '&lt;', '&#60;', '&#x3C;', '&#9;', '&#x20;', '&#x10FFFF;', '&#x1F600;',
                 ']', ']]', '"', "'", '\t', '\n', '\r', '\x85', '\u2028', '\u00e9', '\U0001F600', '&quot;', '&apos;',
                 '&gt;', '-', '?', '\x7f']
    RISKY_TEXT = SAFE_TEXT + ['<', '&', '&#0;', '&#x0;', '&#1;', '&#xD800;', '&#xFFFE;', '&#x110000;', '&#-1;',
                              '&#+1;', '&#x;', '&#;', '&foo;', '&amp', ']]>', '\x01', '\ufffe', '\uffff',
                              '&#38;#38;', '&#12345678901;', '--', '?>', '\x0c', '\x0b']

    def __init__(self, seed, risk):
        self.rng = random.Random(seed)
        self.risk = risk

    def pick(self, valid, risky):
        """A choice from `valid`, or from `risky` with probability RISK."""
        return self.rng.choice(risky if self.rng.random() < self.risk else valid)

    def ws(self, required=False):
        k = self.rng.choice([1, 1, 2]) if required else self.rng.choice([0, 0, 1, 1, 2])
        return ''.join(self.rng.choice(self.SPACE) for _ in range(k))

    def name(self):
        first = self.pick(['a', 'b', 'ex', '_', 'X', '\u00e9', 'gpx', 'trk', 'ns:a', 'xmlfoo'],
                          ['a:b:c', ':a', 'a:', '1', '-', '.', '\u00b7', '\u0300', '\u037e', '\u00d7', ':', 'xml', 'xmlns'])
        rest = (self.pick(self.NAME_CHARS[:12], self.NAME_CHARS) for _ in range(self.rng.choice([0, 0, 1, 2, 3])))
        return first + ''.join(rest)

    def text(self, k=None):
        k = self.rng.choice([0, 1, 2, 3]) if k is None else k
        return ''.join(self.pick(self.SAFE_TEXT, self.RISKY_TEXT) for _ in range(k))

    def attribute_value(self):
        quote = self.rng.choice(['"', "'"])
        return quote + self.text().replace(quote, self.pick([''], [quote])) + quote

    def attributes(self):
        out = ''
        for _ in range(self.rng.choice([0, 0, 1, 2, 3])):
            name = self.rng.choice([self.name(), 'xmlns', 'xmlns:a', 'xmlns:xml', 'xmlns:xmlns', 'xml:lang',
                                    'xml:space', 'a:x', 'b:x', 'xmlns:b', 'lat', 'lon'])
            value = self.attribute_value()
            if name.startswith('xmlns') and self.rng.random() < 0.5:
                value = self.rng.choice(['"http://a"', '""', '"http://www.w3.org/XML/1998/namespace"',
                                         '"http://www.w3.org/2000/xmlns/"', "'http://a'", '"rel"'])
            out += self.ws(required=self.rng.random() > self.risk) + name + self.ws() + self.pick(['='], ['']) + self.ws() + value
        return out

    def element(self, depth=0):
        name = self.name()
        if self.rng.random() < 0.3 or depth > 3:
            return '<' + name + self.attributes() + self.ws() + '/>'
        inner = ''.join(self.content(depth + 1) for _ in range(self.rng.choice([0, 1, 2])))
        close = name if self.rng.random() > self.risk else self.name()
        return '<' + name + self.attributes() + self.ws() + '>' + inner + '</' + close + self.ws() + '>'

    def comment(self):
        return '<!--' + self.text() + self.pick(['-->', '- -->'], ['--->', '--!>'])

    def processing_instruction(self):
        target = self.pick(['pi', 'xml-stylesheet', 'xmlfoo', 'a:b', self.name()], ['xml', 'XML', 'xMl', ''])
        return '<?' + target + self.pick([' ', '\t', '\n'], ['']) + self.text() + '?>'

    def cdata(self):
        return '<![CDATA[' + self.text() + self.pick([']]>', ']]]>'], [']>'])

    def content(self, depth):
        r = self.rng.random()
        if r < 0.25:
            return self.text(self.rng.choice([1, 2]))
        if r < 0.4:
            return self.comment()
        if r < 0.5:
            return self.processing_instruction()
        if r < 0.6:
            return self.cdata()
        if r < 0.9:
            return self.element(depth)
        return self.pick(['<b/>'], ['<', '&', '</', '<!', '<?', '<!DOCTYPE gpx>', ']]>'])

    def outside(self):
        make = self.pick([self.comment, self.processing_instruction, lambda: self.ws(True)],
                         [lambda: self.text(1), lambda: self.element(3), self.cdata, lambda: '<!DOCTYPE gpx>'])
        return make()

    def doctype(self):
        root = self.pick(['gpx', 'x', self.name()], ['1', '-x'])
        external = self.rng.choice(['', ' SYSTEM "http://a/b.dtd"', " SYSTEM 'x'", ' PUBLIC "-//A//B" "u"',
                                    ' PUBLIC "a\\b" "u"', ' PUBLIC "a"', ' SYSTEM', ' PUBLIC "p""u"', ' SYSTEM "a>b"',
                                    ' SYSTEM "a[b"', ' PUBLIC \'a"b\' "u"', ' SYSTEM""'])
        subset = self.rng.choice(['', '', '', ' []', ' [<!ENTITY a "b">]', ' [<!-- c -->]', ' [<?pi?>]', ' [%p;]',
                                  ' [<!ELEMENT gpx ANY>]'])
        return '<!DOCTYPE' + self.ws(True) + root + external + subset + self.ws() + '>'

    def declaration(self):
        version = self.pick(['1.0', '1.1', '1.00', '1.9'], ['1.', '2.0', '1.0a', '1.x', ' 1.0'])
        encoding = self.rng.choice(['', '', ' encoding="UTF-8"', " encoding='utf-8'", ' encoding="ISO-8859-1"',
                                    ' encoding="latin1"', ' encoding="windows-1252"', ' encoding="US-ASCII"',
                                    ' encoding="UTF-16"', ' encoding="ISO-8859-2"', ' encoding="iso-8859-7"',
                                    ' encoding="cp1255"', ' encoding=""', ' encoding="utf8"', ' encoding="ascii"',
                                    ' encoding="ISO-8859-11"', ' encoding="ISO-8859-6"', ' encoding="UCS-2"',
                                    ' encoding="HTML"', ' encoding="ebcdic"', ' encoding = "UTF-8"'])
        standalone = self.pick(['', ' standalone="yes"', ' standalone="no"', " standalone='yes'"],
                               [' standalone="maybe"', ' standalone="YES"'])
        parts = [' version="' + version + '"', encoding, standalone]
        if self.rng.random() < self.risk:
            self.rng.shuffle(parts)
        return '<?xml' + ''.join(parts) + self.ws() + '?>'

    def track(self):
        points = []
        for i in range(self.rng.choice([1, 2, 3])):
            lat = self.pick(['45.06', '45.06 ', ' 45.06', '4&#53;.06', '45.06&#32;', '1e1', '+45.06'], ['45,06'])
            quote = self.rng.choice(['"', "'"])
            body = ''
            if self.rng.random() < 0.5:
                body += '<time>2026-05-09T09:00:0%dZ</time>' % i
            if self.rng.random() < 0.3:
                body += self.rng.choice(['<ele>239</ele>', '<extensions>' + self.element(2) + '</extensions>', self.content(3)])
            points.append('<trkpt lat=' + quote + lat + quote + self.ws(True) + 'lon="7.67"' + self.ws() + '>' + body + '</trkpt>')
        return '<trk><trkseg>' + ''.join(points) + '</trkseg></trk>'

    def kml_track(self):
        count = self.rng.choice([1, 2, 3])
        whens = ''.join('<when>2026-05-09T09:00:0%dZ</when>' % i for i in range(count))
        coords = ''.join('<gx:coord>7.67' + self.pick([' ', '\t'], ['', ',']) + '45.06 239</gx:coord>' for _ in range(count))
        inner = [whens, coords]
        if self.rng.random() < 0.3:
            inner.insert(1, self.content(3))
        track = '<gx:Track>' + ''.join(inner) + '</gx:Track>'
        if self.rng.random() < 0.3:
            track = '<LineString><coordinates>7.67,45.06' + self.ws(True) + '7.68,45.07</coordinates></LineString>'
        return '<Document><Placemark>' + track + '</Placemark></Document>'

    def document(self):
        parts = []
        if self.rng.random() < 0.1:
            parts.append(self.rng.choice(['\ufeff', '\ufeff\ufeff', ' ', '\n']))
        if self.rng.random() < 0.6:
            parts.append(self.declaration())
        parts += [self.outside() for _ in range(self.rng.choice([0, 0, 1, 2]))]
        if self.rng.random() < 0.3:
            parts.append(self.doctype())
        parts += [self.outside() for _ in range(self.rng.choice([0, 0, 1]))]
        kml = self.rng.random() < 0.25
        root = 'kml' if kml else self.pick(['gpx', 'g:gpx'], ['kml'])
        inner = [self.kml_track() if kml else self.track()]
        for _ in range(self.rng.choice([0, 1, 2, 3])):
            inner.insert(self.rng.randrange(len(inner) + 1), self.content(1))
        namespaces = ' xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"' if kml else ''
        parts.append('<' + root + namespaces + self.attributes() + self.ws() + '>' + ''.join(inner) + '</' + root + self.ws() + '>')
        parts += [self.outside() for _ in range(self.rng.choice([0, 0, 1]))]
        document = ''.join(parts)
        latin1 = 'ISO-8859-1' in document[:80] or 'latin1' in document[:80]
        data = document.encode('latin-1', 'replace') if latin1 else document.encode('utf-8', 'surrogatepass')
        return self.damage(data)

    def damage(self, data):
        """Sometimes one or two byte-level mistakes: a byte dropped, inserted or replaced."""
        for _ in range(0 if self.rng.random() > self.risk else self.rng.choice([1, 2])):
            if not data:
                break
            k = self.rng.randrange(len(data))
            op = self.rng.random()
            if op < 0.4:
                data = data[:k] + data[k + 1:]
            elif op < 0.7:
                byte = self.rng.choice([0x3C, 0x3E, 0x26, 0x22, 0x27, 0x20, 0x00, 0x80, 0xC3, 0xFF, 0x3F, 0x21, 0x2D, 0x5D, 0x3A])
                data = data[:k] + bytes([byte]) + data[k:]
            else:
                data = data[:k] + bytes([self.rng.randrange(256)]) + data[k + 1:]
        return data


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__.strip().splitlines()[-1])
    seed, count, directory = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    grammar = Grammar(seed, float(sys.argv[4]) if len(sys.argv) == 5 else 0.05)
    os.makedirs(directory, exist_ok=True)
    for i in range(count):
        with open(os.path.join(directory, 'doc-%d-%07d' % (seed, i)), 'wb') as f:
            f.write(grammar.document())


if __name__ == '__main__':
    main()
