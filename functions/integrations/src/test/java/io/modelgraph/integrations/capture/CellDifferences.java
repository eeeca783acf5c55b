package io.modelgraph.integrations.capture;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cells a generated dictionary writes differently from the imported one, after the normalization
 * docs/integrations.md states: cells compared stripped; choice lists compared as their (code, label) pairs, not their
 * spacing; the y-or-blank columns compared without case. Rows are matched by variable name.
 */
final class CellDifferences {
    static List<String> of(DataDictionary source, DataDictionary generated) {
        Map<String, DictionaryField> out = new LinkedHashMap<>();
        generated.fields().forEach(f -> out.putIfAbsent(f.variable(), f));
        List<String> diffs = new ArrayList<>();
        int at = 0;
        for (DictionaryField f : source.fields()) {
            DictionaryField g = out.get(f.variable());
            if (g == null) {
                diffs.add("row " + f.row() + " " + f.variable() + ": not generated");
                continue;
            }
            if (g.row() - 1 < at) {
                diffs.add("row " + f.row() + " " + f.variable() + ": generated out of order (row " + g.row() + ")");
            }
            at = g.row() - 1;
            for (Column c : Column.values()) {
                String a = normalized(f, c);
                String b = normalized(g, c);
                if (!a.equals(b)) {
                    diffs.add("row " + f.row() + " " + f.variable() + " column " + c.letter() + " (" + c.header()
                            + "): '" + shorten(a) + "' -> '" + shorten(b) + "'");
                }
            }
        }
        if (generated.fields().size() > source.fields().size()) {
            diffs.add((generated.fields().size() - source.fields().size()) + " rows more than the source");
        }
        return diffs;
    }

    private static String normalized(DictionaryField f, Column c) {
        String v = f.get(c);
        if (c == Column.CHOICES && f.hasChoiceList()) {
            return Choices.parse(v).cell();
        }
        if (c == Column.IDENTIFIER || c == Column.REQUIRED || c == Column.MATRIX_RANKING) {
            return v.toLowerCase(Locale.ROOT);
        }
        return v;
    }

    private static String shorten(String s) {
        String one = s.replace("\n", "\\n");
        return one.length() > 60 ? one.substring(0, 57) + "..." : one;
    }

    private CellDifferences() {
    }
}
