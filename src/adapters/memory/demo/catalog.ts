/**
 * The demo store's manufacturers and categories (OpenCart's demo data; category 28 "Monitors" sits under 20
 * "Desktops" here, so that sub-category filters have something to find).
 * @module
 */
import type { Category, Manufacturer } from '../../../domain/records/catalog.js';

/** A manufacturer with its image and meta fields derived from the name. */
function manufacturer(
  manufacturerId: number,
  name: string,
  image: string,
  description: string,
): Manufacturer {
  return {
    manufacturerId,
    name,
    description,
    image: `catalog/demo/manufacturer/${image}`,
    sortOrder: 0,
    metaTitle: name,
    metaDescription: `${name} products at Your Store.`,
    metaKeyword: name.toLowerCase(),
  };
}

/** Exactly six manufacturers, ids 5 to 10. */
export function demoManufacturers(): Manufacturer[] {
  return [
    manufacturer(5, 'HTC', 'htc.png', 'Smartphones and touch devices.'),
    manufacturer(6, 'Palm', 'palm.png', 'Handhelds and smartphones.'),
    manufacturer(7, 'Hewlett-Packard', 'hp.png', 'Computers, monitors and printers.'),
    manufacturer(8, 'Apple', 'apple.png', 'Computers, phones and music players.'),
    manufacturer(9, 'Canon', 'canon.png', 'Cameras and imaging.'),
    manufacturer(10, 'Sony', 'sony.png', 'Consumer electronics.'),
  ];
}

/** The category tree: top-level categories and a few children (28 under 20, grandchildren 35 and 36 under 28). */
export function demoCategories(): Category[] {
  const rows: [number, number, string, number][] = [
    [20, 0, 'Desktops', 1],
    [26, 20, 'PC', 1],
    [27, 20, 'Mac', 2],
    [28, 20, 'Monitors', 3],
    [35, 28, 'test 1', 0],
    [36, 28, 'test 2', 0],
    [18, 0, 'Laptops & Notebooks', 2],
    [45, 18, 'Windows', 0],
    [46, 18, 'Macs', 0],
    [25, 0, 'Components', 3],
    [29, 25, 'Mice and Trackballs', 1],
    [57, 0, 'Tablets', 3],
    [17, 0, 'Software', 4],
    [24, 0, 'Phones & PDAs', 5],
    [33, 0, 'Cameras', 6],
    [34, 0, 'MP3 Players', 7],
  ];
  return rows.map(([categoryId, parentId, name, sortOrder]) => ({ categoryId, parentId, name, sortOrder }));
}
