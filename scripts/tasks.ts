// placeholder, replaced below
console.log('tasks');
