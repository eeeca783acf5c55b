package io.modelgraph.codec.shex;

import java.util.Optional;

/**
 * A regular expression rewritten so that ShExC's REGEXP production accepts it. That production allows only the
 * escapes {@code \n \r \t \\ \| \. \? \* \+ \( \) \{ \} \$ \- \[ \] \^ \/} and {@code \\u} code points, so the
 * class escapes patterns from JSON Schema, LinkML or XSD carry ({@code \d}, {@code \w}, {@code \s} and their
 * negations) become the character classes they stand for, an escaped character with no special meaning becomes
 * the character itself, and {@code \f}, {@code \v}, {@code \xHH} become the character. Escapes with no
 * class-free equivalent (word boundaries, Unicode categories, back-references, a negated class escape inside a
 * bracket) make the pattern unwritable (docs/fidelity.md). One pass, linear in the pattern's length.
 */
final class ShexcRegex {
    /** The rewritten pattern, and whether it differs from the given one. */
    record Rewritten(String pattern, boolean changed) {
    }

    private static final String SPECIAL = "nrt\\|.?*+(){}$-[]^/";

    private ShexcRegex() {
    }

    /** The pattern in ShExC's escapes, or empty when one of its escapes has no equivalent there. */
    static Optional<Rewritten> rewrite(String pattern) {
        StringBuilder out = new StringBuilder(pattern.length() + 16);
        boolean changed = false;
        boolean inClass = false;
        int n = pattern.length();
        for (int i = 0; i < n; i++) {
            char c = pattern.charAt(i);
            if (c != '\\') {
                if (c == '[' && !inClass) {
                    inClass = true;
                } else if (c == ']' && inClass && !(i > 0 && (pattern.charAt(i - 1) == '['
                        || (pattern.charAt(i - 1) == '^' && i > 1 && pattern.charAt(i - 2) == '[')))) {
                    inClass = false;
                }
                out.append(c);
                continue;
            }
            if (i + 1 >= n) {
                return Optional.empty();
            }
            char e = pattern.charAt(++i);
            String members = classMembers(e);
            if (members != null) {
                boolean negated = Character.isUpperCase(e);
                if (inClass && negated) {
                    return Optional.empty();
                }
                out.append(inClass ? members : (negated ? "[^" : "[") + members + "]");
                changed = true;
            } else if (e == 'u' || e == 'U') {
                int digits = e == 'u' ? 4 : 8;
                if (i + digits >= n
                        || !pattern.substring(i + 1, i + 1 + digits).chars().allMatch(h -> hex((char) h))) {
                    return Optional.empty();
                }
                // ShExC reads a code point escape as the character itself
                out.append('\\').append(e);
                changed = true;
            } else if (SPECIAL.indexOf(e) >= 0) {
                out.append('\\').append(e);
            } else if (e == 'f' || e == 'v') {
                out.append(e == 'f' ? '\f' : '\u000B');
                changed = true;
            } else if (e == 'x' && i + 2 < n && hex(pattern.charAt(i + 1)) && hex(pattern.charAt(i + 2))) {
                char x = (char) Integer.parseInt(pattern.substring(i + 1, i + 3), 16);
                out.append(SPECIAL.indexOf(x) >= 0 ? "\\" + x : String.valueOf(x));
                i += 2;
                changed = true;
            } else if (Character.isLetterOrDigit(e) || e == '\n' || e == '\r') {
                return Optional.empty();
            } else {
                // an escaped character with no special meaning stands for itself
                out.append(e);
                changed = true;
            }
        }
        return Optional.of(new Rewritten(out.toString(), changed));
    }

    /** The members of the class an escape such as \d stands for, in ShExC's escapes, or null for other escapes. */
    private static String classMembers(char e) {
        return switch (e) {
            case 'd', 'D' -> "0-9";
            case 'w', 'W' -> "A-Za-z0-9_";
            case 's', 'S' -> " \\t\\n\\r";
            default -> null;
        };
    }

    private static boolean hex(char c) {
        return Character.digit(c, 16) >= 0;
    }
}
