/** The watch feature's isomorphic face (issue 15): limits, labels and the API shapes. */
export * from './constants';
export * from './schemas';
