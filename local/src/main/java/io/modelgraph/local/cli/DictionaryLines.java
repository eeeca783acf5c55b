package io.modelgraph.local.cli;

import io.modelgraph.integrations.capture.DataDictionary;
import io.modelgraph.integrations.capture.DictionaryField;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line of a data dictionary an audit subject is on: a field ({@code form.variable}) on the line its row
 * starts (the variable is the row's first cell), a form on its first field's line, a {@code row N} on that row.
 * Rows and lines differ when a cell holds a line break, so the row's start is searched, not assumed.
 */
final class DictionaryLines {
    private static final Pattern ROW = Pattern.compile("\\brow (\\d{1,9})");
    private final Map<Integer, Integer> lineOfRow = new HashMap<>();
    private final Map<String, Integer> rowOfVariable = new HashMap<>();
    private final Map<String, Integer> rowOfForm = new HashMap<>();

    DictionaryLines(String text, DataDictionary dictionary) {
        Map<String, Integer> firstLineOf = new HashMap<>();
        int line = 1;
        int start = 0;
        while (start <= text.length()) {
            int end = text.indexOf('\n', start);
            String head = firstCell(text, start, end < 0 ? text.length() : end);
            if (!head.isEmpty()) {
                firstLineOf.putIfAbsent(head, line);
            }
            if (end < 0) {
                break;
            }
            start = end + 1;
            line++;
        }
        for (DictionaryField f : dictionary.fields()) {
            rowOfVariable.putIfAbsent(f.variable(), f.row());
            rowOfForm.putIfAbsent(f.form(), f.row());
            Integer at = firstLineOf.get(f.variable());
            if (at != null) {
                lineOfRow.putIfAbsent(f.row(), at);
            }
        }
        lineOfRow.putIfAbsent(1, 1);
    }

    private static String firstCell(String text, int start, int end) {
        int i = start;
        if (i < end && text.charAt(i) == '\uFEFF') {
            i++;
        }
        boolean quoted = i < end && text.charAt(i) == '"';
        if (quoted) {
            i++;
        }
        int cellStart = i;
        while (i < end && text.charAt(i) != (quoted ? '"' : ',') && text.charAt(i) != '\r') {
            i++;
        }
        return text.substring(cellStart, i).trim();
    }

    /** The 1-based line for an audit subject, or 0 when it names nothing in the file. */
    int lineOf(String subject) {
        Integer row = null;
        Matcher m = ROW.matcher(subject);
        if (m.find()) {
            row = Integer.parseInt(m.group(1));
        } else if (subject.equals("header")) {
            row = 1;
        } else if (subject.contains(".")) {
            row = rowOfVariable.get(subject.substring(subject.lastIndexOf('.') + 1));
        } else {
            row = rowOfForm.get(subject);
        }
        return row == null ? 0 : lineOfRow.getOrDefault(row, 0);
    }

    /** The row a reader's place names ({@code row 4, column A}), used as its line; 0 when none. */
    static int rowOf(String where) {
        Matcher m = ROW.matcher(where);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
