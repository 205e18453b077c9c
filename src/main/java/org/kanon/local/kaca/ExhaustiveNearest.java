package org.kanon.local.kaca;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * The paper's search: the distance from the small class to every alive class, over the packed arrays of
 * {@link LiveClusters}; large scans are split over the common fork-join pool. The reference for the level index.
 */
final class ExhaustiveNearest implements NearestClusters {
    private static final int SPLIT_BELOW = 4096;

    private final LiveClusters live;
    private final ClusterDistance distance;

    ExhaustiveNearest(LiveClusters live, ClusterDistance distance) {
        this.live = live;
        this.distance = distance;
    }

    @Override
    public List<Candidate> nearest(Cluster small) {
        int[] smallCodes = live.codesOf(small);
        int n = live.size();
        List<Candidate> ties = n < 2 * SPLIT_BELOW || ForkJoinPool.getCommonPoolParallelism() < 2
                ? scan(small, smallCodes, 0, n)
                : ForkJoinPool.commonPool().invoke(new Part(small, smallCodes, 0, n));
        return finish(ties);
    }

    /** Keeps the candidates within the tie tolerance of the smallest distance, in id order. */
    static List<Candidate> finish(List<Candidate> ties) {
        double min = Double.POSITIVE_INFINITY;
        for (Candidate c : ties) {
            min = Math.min(min, c.distance());
        }
        double best = min;
        ties.removeIf(c -> !NearestClusters.within(c.distance(), best));
        ties.sort(Comparator.comparingInt(c -> c.cluster().id));
        return ties;
    }

    private List<Candidate> scan(Cluster small, int[] smallCodes, int from, int to) {
        TieCollector ties = new TieCollector();
        int[] meet = new int[live.qiCount()];
        for (int i = from; i < to; i++) {
            Cluster other = live.at(i);
            if (other != small) {
                ties.offer(other, distance.distance(small, smallCodes, live, i, meet, ties.bound()), meet);
            }
        }
        return ties.candidates();
    }

    private final class Part extends RecursiveTask<List<Candidate>> {
        private final Cluster small;
        private final int[] smallCodes;
        private final int from;
        private final int to;

        Part(Cluster small, int[] smallCodes, int from, int to) {
            this.small = small;
            this.smallCodes = smallCodes;
            this.from = from;
            this.to = to;
        }

        @Override
        protected List<Candidate> compute() {
            if (to - from < 2 * SPLIT_BELOW) {
                return scan(small, smallCodes, from, to);
            }
            int mid = (from + to) >>> 1;
            Part left = new Part(small, smallCodes, from, mid);
            left.fork();
            List<Candidate> right = new Part(small, smallCodes, mid, to).compute();
            List<Candidate> all = left.join();
            all.addAll(right);
            return all;
        }
    }

    @Override
    public void added(Cluster c) {
        // scans the live classes each time: nothing to maintain
    }

    @Override
    public void removed(Cluster c) {
        // as above
    }
}
