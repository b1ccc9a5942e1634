/**
 * The demo store's manufacturers and categories, as OpenCart 4.1.0.4 installs them.
 * @module
 */
import type { Category, Manufacturer } from '../domain/records/catalog.js';

/** A manufacturer: OpenCart 4.1.0.4 keeps only its name, image and sort order, so the text fields are empty. */
function manufacturer(manufacturerId: number, name: string, image: string): Manufacturer {
  return {
    manufacturerId,
    name,
    description: '',
    image: `catalog/demo/${image}`,
    sortOrder: 0,
    metaTitle: '',
    metaDescription: '',
    metaKeyword: '',
  };
}

/** Exactly six manufacturers, ids 5 to 10. */
export function demoManufacturers(): Manufacturer[] {
  return [
    manufacturer(5, 'HTC', 'htc_logo.jpg'),
    manufacturer(6, 'Palm', 'palm_logo.jpg'),
    manufacturer(7, 'Hewlett-Packard', 'hp_logo.jpg'),
    manufacturer(8, 'Apple', 'apple_logo.jpg'),
    manufacturer(9, 'Canon', 'canon_logo.jpg'),
    manufacturer(10, 'Sony', 'sony_logo.jpg'),
  ];
}

/** `[id, N]` of the "test N" categories under 34 "MP3 Players" (all sort 0): N is not the id. */
const mp3PlayerTests: readonly (readonly [number, number])[] = [
  [37, 5],
  [38, 4],
  [39, 6],
  [40, 7],
  [41, 8],
  [42, 9],
  [43, 11],
  [44, 12],
  [47, 15],
  [48, 16],
  [49, 17],
  [50, 18],
  [51, 19],
  [52, 20],
  [53, 21],
  [54, 22],
  [55, 23],
  [56, 24],
];

/**
 * The category tree: eight top-level categories, their children (28 "Monitors" under 25 "Components", with
 * "test 1" and "test 2" under it), and the "test N" categories under 34 "MP3 Players" (58 under 52).
 */
export function demoCategories(): Category[] {
  const rows: [number, number, string, number][] = [
    [20, 0, 'Desktops', 1],
    [26, 20, 'PC', 1],
    [27, 20, 'Mac', 2],
    [18, 0, 'Laptops & Notebooks', 2],
    [45, 18, 'Windows', 0],
    [46, 18, 'Macs', 0],
    [25, 0, 'Components', 3],
    [28, 25, 'Monitors', 1],
    [35, 28, 'test 1', 0],
    [36, 28, 'test 2', 0],
    [29, 25, 'Mice and Trackballs', 1],
    [30, 25, 'Printers', 1],
    [31, 25, 'Scanners', 1],
    [32, 25, 'Web Cameras', 1],
    [57, 0, 'Tablets', 3],
    [17, 0, 'Software', 4],
    [24, 0, 'Phones & PDAs', 5],
    [33, 0, 'Cameras', 6],
    [34, 0, 'MP3 Players', 7],
    ...mp3PlayerTests.map(([id, n]): [number, number, string, number] => [id, 34, `test ${n}`, 0]),
    [58, 52, 'test 25', 0],
  ];
  return rows.map(([categoryId, parentId, name, sortOrder]) => ({ categoryId, parentId, name, sortOrder }));
}
