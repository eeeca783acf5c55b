package io.modelgraph.http;

import java.util.List;
import java.util.Locale;

/**
 * Picks the offered media type an {@code Accept} header prefers (RFC 9110, section 12.5.1): each offer takes the
 * quality of the most specific range that matches it ({@code text/plain} over {@code text/*} over {@code *}/{@code *}),
 * the highest quality wins, ties go to the earlier offer, and {@code q=0} rules an offer out. One pass over the
 * header per offer.
 */
final class AcceptHeader {
    private record Range(String type, String subtype, double quality) {
        /** 2: exact, 1: {@code type/*}, 0: {@code *}/{@code *}, -1: no match. */
        int specificity(String offer) {
            int slash = offer.indexOf('/');
            String t = offer.substring(0, slash);
            String s = offer.substring(slash + 1);
            if (type.equals("*")) {
                return 0;
            }
            if (!type.equals(t)) {
                return -1;
            }
            return subtype.equals("*") ? 1 : subtype.equals(s) ? 2 : -1;
        }
    }

    /** The preferred offer; the first offer when the header is blank or accepts none of them. */
    static String choose(String header, List<String> offers) {
        if (header == null || header.isBlank()) {
            return offers.get(0);
        }
        List<Range> ranges = java.util.Arrays.stream(header.toLowerCase(Locale.ROOT).split(","))
                .map(AcceptHeader::range).filter(r -> r != null).toList();
        String best = offers.get(0);
        double bestQuality = -1;
        for (String offer : offers) {
            int specificity = -1;
            double quality = 0;
            for (Range r : ranges) {
                int s = r.specificity(offer);
                if (s > specificity) {
                    specificity = s;
                    quality = r.quality();
                }
            }
            if (specificity >= 0 && quality > 0 && quality > bestQuality) {
                best = offer;
                bestQuality = quality;
            }
        }
        return best;
    }

    private static Range range(String part) {
        String[] pieces = part.split(";");
        String media = pieces[0].trim();
        int slash = media.indexOf('/');
        if (slash <= 0 || slash == media.length() - 1) {
            return null;
        }
        double q = 1;
        for (int i = 1; i < pieces.length; i++) {
            String p = pieces[i].trim();
            if (p.startsWith("q=")) {
                try {
                    q = Math.max(0, Math.min(1, Double.parseDouble(p.substring(2).trim())));
                } catch (NumberFormatException e) {
                    q = 1; // an unreadable weight is ignored rather than ruling the range out
                }
            }
        }
        return new Range(media.substring(0, slash).trim(), media.substring(slash + 1).trim(), q);
    }

    private AcceptHeader() {
    }
}
