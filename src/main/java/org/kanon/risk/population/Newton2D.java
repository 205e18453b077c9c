package org.kanon.risk.population;

import java.util.List;
import java.util.Optional;

/**
 * Newton-Raphson for two equations in two unknowns, the solver ARX uses for the Pitman and SNB likelihood
 * equations (ARX, de.linearbits.newtonraphson.NewtonRaphson2D). Two deliberate differences: each step is damped
 * (halved until the squared residual decreases), so a start far from the root does not jump out of the region
 * where the equations are defined; and the restarts are a fixed list supplied by the model instead of
 * {@code Math.random()}, so the same sample always gives the same answer. The models pass unconstrained
 * coordinates (logarithm, logit), so every step stays inside the parameter space.
 */
final class Newton2D {

    /** Iterations from one start; Newton either converges in a few dozen or never. */
    private static final int MAX_ITERATIONS = 200;
    private static final int MAX_HALVINGS = 60;

    /** A system of two equations. */
    interface Equations {

        /**
         * Fills {@code residual} and {@code jacobian} (row i: d residual_i / d u, d residual_i / d v) at (u, v);
         * false where the equations are undefined or not finite.
         */
        boolean evaluate(double u, double v, double[] residual, double[][] jacobian);

        /** Whether the residual of the last {@link #evaluate} is zero to the model's tolerance. */
        boolean isRoot(double[] residual);
    }

    private Newton2D() {
    }

    /** The first root reached from the starts, tried in order; empty if none converges. */
    static Optional<double[]> solve(Equations equations, List<double[]> starts) {
        for (double[] start : starts) {
            Optional<double[]> root = solveFrom(equations, start[0], start[1]);
            if (root.isPresent()) {
                return root;
            }
        }
        return Optional.empty();
    }

    private static Optional<double[]> solveFrom(Equations equations, double u, double v) {
        double[] r = new double[2];
        double[][] j = new double[2][2];
        double[] rc = new double[2];
        double[][] jc = new double[2][2];
        if (!equations.evaluate(u, v, r, j)) {
            return Optional.empty();
        }
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            if (equations.isRoot(r)) {
                return Optional.of(new double[] {u, v});
            }
            double det = j[0][0] * j[1][1] - j[0][1] * j[1][0];
            if (det == 0 || !Double.isFinite(det)) {
                return Optional.empty();
            }
            double du = -(j[1][1] * r[0] - j[0][1] * r[1]) / det;
            double dv = -(-j[1][0] * r[0] + j[0][0] * r[1]) / det;
            double norm = r[0] * r[0] + r[1] * r[1];
            double t = 1;
            boolean accepted = false;
            for (int h = 0; h < MAX_HALVINGS && !accepted; h++, t /= 2) {
                double uc = u + t * du;
                double vc = v + t * dv;
                if (Double.isFinite(uc) && Double.isFinite(vc) && equations.evaluate(uc, vc, rc, jc)
                        && rc[0] * rc[0] + rc[1] * rc[1] < norm) {
                    u = uc;
                    v = vc;
                    System.arraycopy(rc, 0, r, 0, 2);
                    j[0][0] = jc[0][0];
                    j[0][1] = jc[0][1];
                    j[1][0] = jc[1][0];
                    j[1][1] = jc[1][1];
                    accepted = true;
                }
            }
            if (!accepted) { // no decrease from here: a root to within rounding, or a dead end
                return equations.evaluate(u, v, r, j) && equations.isRoot(r)
                        ? Optional.of(new double[] {u, v}) : Optional.empty();
            }
        }
        return equations.isRoot(r) ? Optional.of(new double[] {u, v}) : Optional.empty();
    }
}
