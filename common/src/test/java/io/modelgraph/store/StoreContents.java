package io.modelgraph.store;

import io.modelgraph.platform.Services;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Everything the real embedded stores hold, as one comparable text: every item of every table (attributes
 * sorted) and every object key of the bucket with its ETag. Tests compare it before and after an action that
 * must write nothing.
 */
public final class StoreContents {

    public static String of(Services services) {
        StoreConfig config = services.stores();
        List<String> out = new ArrayList<>();
        for (String table : List.of(config.graphTable(), config.historyTable(), config.apiKeyTable())) {
            List<String> items = new ArrayList<>();
            services.dynamo().scanPaginator(b -> b.tableName(table)).items()
                    .forEach(item -> items.add(new TreeMap<String, AttributeValue>(item).toString()));
            items.sort(null);
            out.add(table + " " + items.size() + " " + items);
        }
        List<String> objects = new ArrayList<>();
        services.s3().listObjectsV2Paginator(b -> b.bucket(config.bucket())).contents()
                .forEach(o -> objects.add(o.key() + "@" + o.eTag()));
        objects.sort(null);
        out.add(config.bucket() + " " + objects.size() + " " + objects);
        return String.join("\n", out);
    }

    /** How many items and objects, for messages. */
    public static Map<String, Integer> counts(String contents) {
        Map<String, Integer> counts = new TreeMap<>();
        for (String line : contents.split("\n")) {
            String[] parts = line.split(" ", 3);
            counts.put(parts[0], Integer.parseInt(parts[1]));
        }
        return counts;
    }

    private StoreContents() {
    }
}
