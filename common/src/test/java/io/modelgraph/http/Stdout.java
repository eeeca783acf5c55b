package io.modelgraph.http;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What an action prints on stdout, where Lambda's log lines go. */
public final class Stdout {
    public interface Action {
        void run() throws Exception;
    }

    public static String capture(Action action) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    private Stdout() {
    }
}
