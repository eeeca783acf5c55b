package io.modelgraph.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.platform.Services;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class StoreRoundTripTest {
    private final Services services = TestStores.services();

    @Test
    void blobStoreRoundTripsBytesUnderTheProjectPrefix() {
        BlobStore blobs = new BlobStore(services.s3(), services.stores().bucket());
        String project = TestStores.newProjectId();
        byte[] svg = "<svg xmlns='http://www.w3.org/2000/svg'/>".getBytes(StandardCharsets.UTF_8);
        blobs.put(project, "badges/capture.svg", svg, "image/svg+xml");

        assertArrayEquals(svg, blobs.get(project, "badges/capture.svg").orElseThrow());
        assertTrue(blobs.get(TestStores.newProjectId(), "badges/capture.svg").isEmpty(),
                "another project must not see the object");
        blobs.delete(project, "badges/capture.svg");
        assertTrue(blobs.get(project, "badges/capture.svg").isEmpty());
    }

    @Test
    void blobNamesCannotEscapeTheProjectPrefix() {
        BlobStore blobs = new BlobStore(services.s3(), services.stores().bucket());
        assertThrows(IllegalArgumentException.class, () -> blobs.put(TestStores.newProjectId(), "../other/x",
                new byte[1], "text/plain"));
    }

    @Test
    void historyKeepsNewestFirstAndTrimsBeyondTheCap() {
        HistoryStore history = new HistoryStore(services.dynamo(), services.stores().historyTable());
        String project = TestStores.newProjectId();
        for (int i = 0; i < 7; i++) {
            history.append(project, "capture", "study-a", Map.of("errorCount", Attr.n(i)), 5);
        }
        history.append(project, "capture", "study-b", Map.of("errorCount", Attr.n(42)), 5);

        List<Map<String, AttributeValue>> runs = history.list(project, "capture", "study-a", 50);
        assertEquals(5, runs.size(), "only the 5 newest runs are kept");
        assertEquals(List.of(6L, 5L, 4L, 3L, 2L), runs.stream().map(r -> Attr.num(r, "errorCount", -1)).toList());
        assertEquals(1, history.list(project, "capture", "study-b", 50).size(), "trails are per subject");
        assertEquals(6, history.listAll(project, "capture").size());
        assertTrue(history.listAll(TestStores.newProjectId(), "capture").isEmpty());
    }
}
