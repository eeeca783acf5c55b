package io.modelgraph.local;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;

/**
 * What the local stack's stores hold for some projects: every item of every table (attributes sorted) and every
 * object (with its ETag) whose text {@code belongs}; compared before and after calls that must write nothing.
 */
final class StoreContents {
    private StoreContents() {
    }

    /** The items and objects that belong, leaving out the {@code ignored} attributes of each item. */
    static Map<String, String> of(Predicate<String> belongs, Set<String> ignored) {
        var services = TestStack.server().services();
        var config = services.stores();
        Map<String, String> out = new TreeMap<>();
        for (String table : List.of(config.graphTable(), config.historyTable(), config.apiKeyTable())) {
            for (Map<String, AttributeValue> item : services.dynamo().scanPaginator(ScanRequest.builder()
                    .tableName(table).build()).items()) {
                Map<String, AttributeValue> kept = new TreeMap<>(item);
                kept.keySet().removeAll(ignored);
                String text = kept.toString();
                if (belongs.test(text)) {
                    out.put(table + " " + text, "");
                }
            }
        }
        services.s3().listObjectsV2Paginator(ListObjectsV2Request.builder().bucket(config.bucket()).build())
                .contents().forEach(o -> {
                    if (belongs.test(o.key())) {
                        out.put("s3 " + o.key(), o.eTag());
                    }
                });
        return out;
    }
}
