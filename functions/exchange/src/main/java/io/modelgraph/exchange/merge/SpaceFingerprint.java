package io.modelgraph.exchange.merge;

import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.Relation;
import io.modelgraph.json.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;

/**
 * A content hash of a loaded space: node ids, labels, types and spaces, relations, and mixin values. Versions and
 * timestamps are left out on purpose: re-writing a node with the same content is not a local change, and two
 * loads of an unchanged space always agree. Used for the overwrite warning and as the validateJSON cache key.
 */
public final class SpaceFingerprint {
    public static String of(GraphSnapshot snapshot) {
        List<String> lines = new ArrayList<>();
        for (Node n : snapshot.nodes()) {
            lines.add("N|" + n.id() + "|" + n.nodeType() + "|" + n.label() + "|" + new java.util.TreeSet<>(n.spaceIds()));
        }
        for (Relation r : snapshot.relations()) {
            lines.add("R|" + r.fromNodeId() + "|" + r.relationGroupId() + "|" + r.toNodeId() + "|" + r.id());
        }
        for (MixinValue v : snapshot.mixinValues()) {
            lines.add("V|" + v.nodeId() + "|" + v.mixinId() + "|" + Json.write(new TreeMap<>(v.columns())));
        }
        lines.sort(null);
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String line : lines) {
                digest.update(line.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) '\n');
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JRE", e);
        }
    }

    private SpaceFingerprint() {
    }
}
