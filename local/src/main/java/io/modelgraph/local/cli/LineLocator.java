package io.modelgraph.local.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The line of an input file a model path most likely points at, for the annotation outputs: the first line naming
 * the path's first segment (a type) as a whole word, then the first line from there naming its last segment (an
 * element). Best effort by design: formats keep no source positions in the model, and a finding placed on the
 * type's line, or on no line, is still correct (docs/cli.md "Lines"). Each lookup is one forward scan of the text.
 */
final class LineLocator {
    private final String text;
    private final int[] lineStarts;

    LineLocator(String text) {
        this.text = text;
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The 1-based line for {@code path}, or 0 when no segment of it is found. */
    int lineOf(String path) {
        List<String> segments = segments(path);
        if (segments.isEmpty()) {
            return 0;
        }
        int first = find(segments.get(0), 0);
        if (first < 0) {
            return 0;
        }
        int at = first;
        if (segments.size() > 1) {
            int last = find(segments.get(segments.size() - 1), first);
            at = last < 0 ? first : last;
        }
        return line(at);
    }

    /** Identifier-like parts of a path such as {@code Person.address[0].city} or {@code $.properties.city}. */
    static List<String> segments(String path) {
        return Arrays.stream(path.split("[./#\\[\\]:\\s]+")).filter(s -> !s.isEmpty() && !s.equals("$")
                && !s.chars().allMatch(Character::isDigit) && !s.equals("properties") && !s.equals("$defs")
                && !s.equals("definitions") && !s.equals("items") && !s.equals("fields")).toList();
    }

    private int find(String word, int from) {
        int i = text.indexOf(word, from);
        while (i >= 0) {
            boolean startOk = i == 0 || !isWord(text.charAt(i - 1));
            int end = i + word.length();
            boolean endOk = end >= text.length() || !isWord(text.charAt(end));
            if (startOk && endOk) {
                return i;
            }
            i = text.indexOf(word, i + 1);
        }
        return -1;
    }

    private static boolean isWord(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private int line(int offset) {
        int i = Arrays.binarySearch(lineStarts, offset);
        return (i >= 0 ? i : -i - 2) + 1;
    }
}
