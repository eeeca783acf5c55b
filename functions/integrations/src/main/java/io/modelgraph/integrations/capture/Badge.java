package io.modelgraph.integrations.capture;

import java.util.Locale;

/**
 * The audit badge: a two-part SVG in the shields.io style (rounded, label on grey, message on the state's colour)
 * labelled {@code capture audit}. Widths come from a per-character estimate of Verdana 11px, as shields.io sizes
 * its badges, so the text fits without a font on the server.
 */
public final class Badge {
    public static final String LABEL = "capture audit";
    public static final String GREEN = "#4c1";
    public static final String YELLOW = "#dfb317";
    public static final String RED = "#e05d44";
    public static final String GREY = "#9f9f9f";

    /** The latest recorded run's counts, or none. */
    public record State(boolean hasRun, int errors, int warnings) {
        public static final State NO_RUNS = new State(false, 0, 0);

        public String colour() {
            return !hasRun ? GREY : errors > 0 ? RED : warnings > 0 ? YELLOW : GREEN;
        }

        public String message() {
            if (!hasRun) {
                return "no runs";
            }
            if (errors == 0 && warnings == 0) {
                return "clean";
            }
            return errors + (errors == 1 ? " error" : " errors") + ", " + warnings
                    + (warnings == 1 ? " warning" : " warnings");
        }
    }

    public static String svg(State state) {
        String message = state.message();
        int labelWidth = textWidth(LABEL) + 10;
        int messageWidth = textWidth(message) + 10;
        int width = labelWidth + messageWidth;
        String colour = state.colour();
        return String.format(Locale.ROOT, """
                <svg xmlns="http://www.w3.org/2000/svg" width="%1$d" height="20" role="img" aria-label="%2$s: %3$s">\
                <title>%2$s: %3$s</title>\
                <linearGradient id="s" x2="0" y2="100%%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>\
                <stop offset="1" stop-opacity=".1"/></linearGradient>\
                <clipPath id="r"><rect width="%1$d" height="20" rx="3" fill="#fff"/></clipPath>\
                <g clip-path="url(#r)"><rect width="%4$d" height="20" fill="#555"/>\
                <rect x="%4$d" width="%5$d" height="20" fill="%6$s"/>\
                <rect width="%1$d" height="20" fill="url(#s)"/></g>\
                <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">\
                <text x="%7$d" y="15" fill="#010101" fill-opacity=".3">%2$s</text><text x="%7$d" y="14">%2$s</text>\
                <text x="%8$d" y="15" fill="#010101" fill-opacity=".3">%3$s</text><text x="%8$d" y="14">%3$s</text>\
                </g></svg>""", width, LABEL, message, labelWidth, messageWidth, colour, labelWidth / 2,
                labelWidth + messageWidth / 2);
    }

    /** Verdana 11px advance widths, rounded, for the characters badges use. */
    static int textWidth(String text) {
        double w = 0;
        for (char c : text.toCharArray()) {
            w += switch (c) {
                case ' ' -> 3.9;
                case ',', '.' -> 3.9;
                case 'i', 'l' -> 3.1;
                case 'f', 'j', 't', 'r' -> 4.3;
                case 'm', 'w' -> 10.7;
                default -> Character.isDigit(c) ? 7.0 : Character.isUpperCase(c) ? 7.5 : 6.8;
            };
        }
        return (int) Math.ceil(w);
    }

    private Badge() {
    }
}
