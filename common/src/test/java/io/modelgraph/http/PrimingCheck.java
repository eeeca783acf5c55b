package io.modelgraph.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.platform.Services;
import io.modelgraph.store.StoreContents;
import java.util.List;
import org.crac.Core;

/**
 * The check every function's priming test makes on the real embedded stores: the CRaC checkpoint notification
 * runs the function's {@link Priming}, every step of its hot path gets a real answer (a read that found
 * something or nothing, never a refusal or a fault, which would mean the path was not warmed), and the stores
 * hold exactly what they held before.
 */
public final class PrimingCheck {
    /**
     * {@code expected}: one {@code "<route key> <status>"} per step. Each is the answer of a read that reached the
     * store (found something, found nothing, or named what it did not find), never a refusal or a fault, which would
     * mean the path was not warmed.
     */
    public static void assertPrimesWithoutWriting(Services services, Priming priming, List<String> expected)
            throws Exception {
        String before = StoreContents.of(services);
        assertEquals(List.of(), priming.lastOutcomes(), "not primed yet");
        // the notification the runtime sends before the snapshot (org.crac's global context refuses to be notified
        // outside a CRaC JVM, so the resource is called directly, with the context it is registered in)
        priming.beforeCheckpoint(Core.getGlobalContext());
        assertEquals(expected, priming.lastOutcomes(), "the hook ran every step of the hot path");
        for (String outcome : expected) {
            String status = outcome.substring(outcome.lastIndexOf(' ') + 1);
            assertTrue(!status.matches("40[13]|5\\d\\d"), "not a refusal or a fault: " + outcome);
        }
        String after = StoreContents.of(services);
        assertEquals(before, after, "priming wrote to the stores: " + StoreContents.counts(before) + " -> "
                + StoreContents.counts(after));
        priming.afterRestore(null);
    }

    private PrimingCheck() {
    }
}
