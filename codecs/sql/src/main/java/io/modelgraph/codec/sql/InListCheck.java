package io.modelgraph.codec.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A check of the form {@code column IN ('a', 'b', …)}, the way DDL states an enumeration (docs/formats/sql.md).
 * Read by a single forward scan: a regular expression with an alternation inside a repetition recurses once per
 * character in {@code java.util.regex}, so a long value list would exhaust the stack at a length that depends on
 * the thread, and nested repetitions backtrack.
 */
record InListCheck(String column, List<String> values) {
    InListCheck {
        values = List.copyOf(values);
    }

    /** The column and values of {@code expression}, or empty when it is any other check. */
    static Optional<InListCheck> parse(String expression) {
        return new Scan(expression.trim()).inList();
    }

    private static final class Scan {
        private final String s;
        private int i;

        Scan(String s) {
            this.s = s;
        }

        Optional<InListCheck> inList() {
            accept('(');
            spaces();
            int open = i < s.length() && "\"`[".indexOf(s.charAt(i)) >= 0 ? i++ : -1;
            int start = i;
            while (i < s.length() && word(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return Optional.empty();
            }
            String column = s.substring(start, i);
            if (open >= 0 && !accept(closing(s.charAt(open)))) {
                return Optional.empty();
            }
            if (spaces() == 0 || !keyword("IN")) {
                return Optional.empty();
            }
            spaces();
            if (!accept('(')) {
                return Optional.empty();
            }
            List<String> values = new ArrayList<>();
            do {
                spaces();
                Optional<String> value = quoted();
                if (value.isEmpty()) {
                    return Optional.empty();
                }
                values.add(value.get());
                spaces();
            } while (accept(','));
            if (!accept(')')) {
                return Optional.empty();
            }
            spaces();
            accept(')');
            return i == s.length() ? Optional.of(new InListCheck(column, values)) : Optional.empty();
        }

        private Optional<String> quoted() {
            if (!accept('\'')) {
                return Optional.empty();
            }
            StringBuilder value = new StringBuilder();
            while (i < s.length()) {
                char c = s.charAt(i++);
                if (c != '\'') {
                    value.append(c);
                } else if (accept('\'')) {
                    value.append('\'');
                } else {
                    return Optional.of(value.toString());
                }
            }
            return Optional.empty();
        }

        private boolean keyword(String word) {
            int end = i + word.length();
            if (end > s.length() || !s.substring(i, end).toUpperCase(Locale.ROOT).equals(word)
                    || end < s.length() && word(s.charAt(end))) {
                return false;
            }
            i = end;
            return true;
        }

        private int spaces() {
            int start = i;
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            return i - start;
        }

        private boolean accept(char c) {
            if (i < s.length() && s.charAt(i) == c) {
                i++;
                return true;
            }
            return false;
        }

        private static char closing(char open) {
            return open == '[' ? ']' : open;
        }

        private static boolean word(char c) {
            return c == '_' || c < 128 && Character.isLetterOrDigit(c);
        }
    }
}
