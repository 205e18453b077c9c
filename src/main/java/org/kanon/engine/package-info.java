/**
 * The application layer: every algorithm behind one contract ({@link org.kanon.engine.Algorithm}: name, family, the
 * options it reads, validation before any database work, a run on a source resolved once), their registry
 * ({@link org.kanon.engine.Algorithms}), and the doors in: the command line (which only parses and prints), the spec
 * runner ({@link org.kanon.engine.SpecAnonymizer}), the Derby procedures ({@code engine.derby}) and the Java API
 * ({@link org.kanon.engine.Kanon}). Only the command line depends on this package.
 */
package org.kanon.engine;
